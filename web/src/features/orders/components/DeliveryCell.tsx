import { deliveryText } from '../format';
import { isShipped } from '../statuses';
import type { Order } from '../types';

/** The order's delivery, its parcel's tracking once sent, and the way into the delivery form. */
export function DeliveryCell({ order, onOpen }: { order: Order; onOpen: (order: Order) => void }) {
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
          aria-label={`Delivery of order ${order.ref}`}
          onClick={() => onOpen(order)}
          className="rounded px-2 py-1 text-sm font-medium text-emerald-700 hover:bg-emerald-50"
        >
          {delivery ? 'Change delivery' : 'Set delivery'}
        </button>
      )}
    </div>
  );
}
