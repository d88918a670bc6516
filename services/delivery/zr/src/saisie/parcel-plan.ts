import { OrderStatus, SHIPPED_STATUSES, type ShippingOrder } from '@tawsil/contracts/orders';
import { createHash } from 'node:crypto';
import type { ParcelRequest } from '../carrier/carrier';

/** Ours and stable per order, so a resend is recognised by the carrier ("Double Tracking"). */
export function trackingFor(orderId: string): string {
  return `TW${createHash('sha256').update(orderId).digest('hex').slice(0, 14).toUpperCase()}`;
}

/** Algerian mobile numbers as ZR wants them: 0XXXXXXXXX (a +213 or 00213 prefix is dropped). */
export function localPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  const national = digits.replace(/^(?:\+|00)213/, '');
  return national.startsWith('0') ? national : `0${national}`;
}

export type ParcelPlan =
  { orderId: string; accountId: string; request: ParcelRequest } | { orderId: string; reason: string };

/**
 * What the carrier will be sent for an order, or why it cannot be sent, in words the owner
 * understands. `accountNames` holds the owner's accounts: another's, or a deleted one, is refused.
 */
export function planParcel(order: ShippingOrder, accountNames: Map<string, string>): ParcelPlan {
  const refuse = (reason: string): ParcelPlan => ({ orderId: order._id, reason });
  if (SHIPPED_STATUSES.includes(order.status))
    return refuse(`Already sent for delivery (status ${order.status})`);
  if (order.status !== OrderStatus.Confirmed)
    return refuse(`Not confirmed (status ${order.status}): confirm the order first`);
  const delivery = order.delivery;
  if (!delivery) return refuse('No delivery information: set the delivery first');
  const accountId = delivery.deliveryAccount._id;
  const source = accountNames.get(accountId);
  if (source === undefined)
    return refuse('Its delivery account was removed: choose another in the delivery form');
  const place = delivery.isStopDesk ? delivery.desk : delivery.commune;
  if (!place)
    return refuse(
      delivery.isStopDesk
        ? 'No stop desk: choose one in the delivery form'
        : 'No commune: choose one in the delivery form',
    );
  return {
    orderId: order._id,
    accountId,
    request: {
      tracking: trackingFor(order._id),
      orderId: order._id,
      recipient: order.customer.full_name,
      phone: localPhone(order.customer.phone),
      wilaya: Number(delivery.wilaya),
      isStopDesk: delivery.isStopDesk,
      place,
      address: order.customer.city.trim() || place,
      total: order.total,
      product: order.quantity > 1 ? `${order.productName} x${order.quantity}` : order.productName,
      source,
    },
  };
}
