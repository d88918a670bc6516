import type { Store } from '../api';
import { ordersText, syncText } from '../sync-text';
import { useTranslation } from 'react-i18next';

export function StoreList({ stores, onDelete }: { stores: Store[]; onDelete: (store: Store) => void }) {
  const { t } = useTranslation();
  if (stores.length === 0) return <p className="text-slate-600">{t('stores.none')}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('stores.list')}>
      {stores.map((store) => (
        <li
          key={store._id}
          data-testid="store"
          className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="font-semibold break-words">{store.name}</p>
            <p className="text-sm text-slate-600">
              {store.platform} · <span data-testid="orders-count">{ordersText(store.ordersCount)}</span>
            </p>
            <p
              data-testid="sync-state"
              className={`text-sm ${store.sync.state === 'failed' ? 'text-red-600' : 'text-slate-600'}`}
            >
              {syncText(store)}
            </p>
          </div>
          <button
            type="button"
            onClick={() => onDelete(store)}
            aria-label={t('stores.delete_title', { name: store.name })}
            className="self-start rounded-md border border-red-300 px-3 py-1.5 text-sm text-red-700 hover:bg-red-50 sm:self-center"
          >
            {t('orders.delete')}
          </button>
        </li>
      ))}
    </ul>
  );
}
