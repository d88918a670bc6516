import { deliveryText } from '../format';
import { isShipped } from '../statuses';
import type { Order } from '../types';
import { useTranslation } from 'react-i18next';

/** The order's delivery, its parcel's tracking once sent, and the way into the delivery form. */
export function DeliveryCell({ order, onOpen }: { order: Order; onOpen: (order: Order) => void }) {
  const { t } = useTranslation();
  const delivery = order.delivery;
  return (
    <div className="flex flex-col items-start gap-1">
      <span>{deliveryText(delivery)}</span>
      {delivery?.deliveryAccount.storeName && (
        <span className="text-xs text-slate-500">
          {delivery.deliveryAccount.company} · {delivery.deliveryAccount.storeName}
        </span>
      )}
      {delivery?.tracking && <span className="font-mono text-xs text-slate-600">{delivery.tracking}</span>}
      {!isShipped(order.status) && (
        <button
          type="button"
          aria-label={t('card.delivery_of', { ref: order.ref })}
          onClick={() => onOpen(order)}
          className="rounded px-2 py-1 text-sm font-medium text-emerald-700 hover:bg-emerald-50"
        >
          {delivery ? t('card.change_delivery') : t('card.set_delivery')}
        </button>
      )}
    </div>
  );
}
