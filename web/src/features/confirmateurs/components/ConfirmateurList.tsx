import type { Confirmateur } from '../api';
import { useTranslation } from 'react-i18next';

interface ConfirmateurListProps {
  confirmateurs: Confirmateur[];
  storeNames: ReadonlyMap<string, string>;
  onRemove: (confirmateur: Confirmateur, storeId: string) => void;
}

/** Each agent with its stores; an agent is removed from one store at a time. */
export function ConfirmateurList({ confirmateurs, storeNames, onRemove }: ConfirmateurListProps) {
  const { t } = useTranslation();
  if (confirmateurs.length === 0) return <p className="text-slate-600">{t('confirmateurs.none')}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('confirmateurs.title')}>
      {confirmateurs.map((confirmateur) => (
        <li
          key={confirmateur._id}
          data-testid="confirmateur"
          className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4"
        >
          <div className="min-w-0">
            <p className="font-semibold break-words">{confirmateur.name}</p>
            <p className="text-sm break-words text-slate-600">{confirmateur.email}</p>
          </div>
          <ul
            className="flex flex-wrap gap-2"
            aria-label={t('confirmateurs.stores_of', { name: confirmateur.name })}
          >
            {confirmateur.stores.map((storeId) => {
              const storeName = storeNames.get(storeId) ?? t('confirmateurs.unknown_store');
              return (
                <li
                  key={storeId}
                  className="flex items-center gap-2 rounded-full border border-slate-200 bg-slate-50 py-1 pe-1 pl-3 text-sm"
                >
                  <span>{storeName}</span>
                  <button
                    type="button"
                    aria-label={t('confirmateurs.remove_title', {
                      name: confirmateur.name,
                      store: storeName,
                    })}
                    onClick={() => onRemove(confirmateur, storeId)}
                    className="rounded-full px-2 py-0.5 text-red-700 hover:bg-red-50"
                  >
                    {t('confirmateurs.remove')}
                  </button>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}
