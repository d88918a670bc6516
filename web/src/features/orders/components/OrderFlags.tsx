import type { Order } from '../types';
import { attemptsShown, callbackText, claimText } from '../workspace-format';
import { useTranslation } from 'react-i18next';

const flag = 'inline-block rounded px-1.5 py-0.5 text-xs font-medium';

/** Red when the phone is on the owner's blacklist, amber for a possible duplicate, who is on it. */
export function CustomerFlags({ order, myId }: { order: Order; myId?: string }) {
  const { t } = useTranslation();
  const claimed = claimText(order, myId);
  if (!order.blacklisted && !order.duplicateOf && !claimed) return null;
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {order.blacklisted && (
        <span
          data-testid="blacklisted"
          title={order.blacklisted.reason}
          className={`${flag} bg-red-600 text-white`}
        >
          {t('flags.blacklisted', { reason: order.blacklisted.reason })}
        </span>
      )}
      {order.duplicateOf && (
        <span data-testid="duplicate" className={`${flag} bg-amber-100 text-amber-900`}>
          {t('flags.duplicate')}
        </span>
      )}
      {claimed && (
        <span data-testid="claimed" className={`${flag} bg-sky-100 text-sky-900`}>
          {claimed}
        </span>
      )}
    </div>
  );
}

/** "3rd attempt" and "Callback 24 Nov, 10:30" (red and marked when overdue). */
export function CallState({ order }: { order: Order }) {
  const { t } = useTranslation();
  const attempts = attemptsShown(order);
  const callback = callbackText(order);
  if (!attempts && !callback && !order.proposeCancel) return null;
  return (
    <div className="mt-1 flex flex-col gap-0.5 text-xs">
      {attempts && (
        <span data-testid="attempts" className="text-slate-600">
          {attempts}
        </span>
      )}
      {callback && (
        <span
          data-testid="callback"
          className={callback.overdue ? 'font-semibold text-red-700' : 'text-slate-700'}
        >
          {callback.text}
          {callback.overdue && ` · ${t('queue.overdue')}`}
        </span>
      )}
      {order.proposeCancel && (
        <span data-testid="propose-cancel" className="font-medium text-red-700">
          {t('flags.propose_cancel')}
        </span>
      )}
    </div>
  );
}

/** Every product line: "2 × Robe kabyle". */
export function ProductLines({ order }: { order: Order }) {
  if (order.variants.length === 0) return <span>—</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {order.variants.map((line, index) => (
        <li key={index} className="break-words">
          <span className="font-medium">{line.quantity} ×</span> {line.variant.product.name}
        </li>
      ))}
    </ul>
  );
}
