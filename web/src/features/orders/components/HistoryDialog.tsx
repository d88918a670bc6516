import { Modal } from '../../../components/ui/Modal';
import { formatDateTime } from '../format';
import type { Order } from '../types';
import { useTranslation } from 'react-i18next';

/** The Change History of one order, oldest change first. */
export function HistoryDialog({ order, onClose }: { order?: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const history = order?.history ?? [];
  return (
    <Modal open={order !== undefined} title={t('history.title')} onClose={onClose} width="max-w-lg">
      {order && <p className="text-sm text-slate-600">{t('card.order', { ref: order.ref })}</p>}
      {history.length === 0 ? (
        <p className="mt-4 text-slate-600">{t('history.none')}</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-3 overflow-y-auto" aria-label={t('history.changes')}>
          {history.map((entry, index) => (
            <li key={index} data-testid="history-entry" className="rounded-md border border-slate-200 p-3">
              <p className="text-xs text-slate-500">{formatDateTime(entry.timestamp)}</p>
              <p className="mt-1 break-words text-sm">{entry.changes}</p>
              <p className="mt-1 text-xs text-slate-600">{t('history.by', { name: entry.user.name })}</p>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md px-4 py-2 text-slate-700 hover:bg-slate-100"
        >
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
