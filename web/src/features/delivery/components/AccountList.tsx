import { formatDateTime } from '../../../lib/format-date';
import type { DeliveryAccount } from '../api';
import { useTranslation } from 'react-i18next';
import { AccountStates } from './AccountStates';
import { YalidineWebhook } from './YalidineWebhook';

interface AccountListProps {
  accounts: DeliveryAccount[];
  onRemove: (account: DeliveryAccount) => void;
  /** An account changed (its webhook secret set): the list is read again. */
  onChanged?: () => void;
}

/**
 * The owner's delivery accounts: company, store name and when it was added, and for Yalidine the
 * webhook address to paste in its dashboard, and the carrier's states each maps to an order status;
 * never the keys nor the webhook secret.
 */
export function AccountList({ accounts, onRemove, onChanged = () => {} }: AccountListProps) {
  const { t } = useTranslation();
  if (accounts.length === 0) return <p className="text-slate-600">{t('carriers.none')}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('carriers.list')}>
      {accounts.map((account) => (
        <li
          key={account._id}
          data-testid="delivery-account"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <div className="min-w-0">
            <p className="font-semibold break-words">{account.storeName}</p>
            <p className="text-sm text-slate-600">
              {t('carriers.added_on', {
                company: account.api
                  ? `${account.company} (${t(`delivery.api.${account.api}.short`)})`
                  : account.company,
                date: formatDateTime(account.createdAt),
              })}
            </p>
          </div>
          <button
            type="button"
            aria-label={t('carriers.remove_title', { name: account.storeName })}
            onClick={() => onRemove(account)}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            {t('confirmateurs.remove')}
          </button>
          {account.api === 'yalidine' && <YalidineWebhook account={account} onSaved={onChanged} />}
          <AccountStates account={account} />
        </li>
      ))}
    </ul>
  );
}
