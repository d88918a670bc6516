import { formatDateTime } from '../../../lib/format-date';
import type { DeliveryAccount } from '../api';
import { useTranslation } from 'react-i18next';

export const REMOVE_ACCOUNT_QUESTION =
  'Are you sure you want to remove this delivery account? Orders set to ship with it will need another.';

interface AccountListProps {
  accounts: DeliveryAccount[];
  onRemove: (account: DeliveryAccount) => void;
}

/** The owner's delivery accounts: company, ZR store name and when it was added; never the keys. */
export function AccountList({ accounts, onRemove }: AccountListProps) {
  const { t } = useTranslation();
  if (accounts.length === 0) return <p className="text-slate-600">No delivery account yet.</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label="Delivery accounts">
      {accounts.map((account) => (
        <li
          key={account._id}
          data-testid="delivery-account"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <div className="min-w-0">
            <p className="font-semibold break-words">{account.storeName}</p>
            <p className="text-sm text-slate-600">
              {account.company}
              {account.api ? ` (${t(`delivery.api.${account.api}.short`)})` : ''} · added{' '}
              {formatDateTime(account.createdAt)}
            </p>
          </div>
          <button
            type="button"
            aria-label={`Remove ${account.storeName}`}
            onClick={() => onRemove(account)}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
