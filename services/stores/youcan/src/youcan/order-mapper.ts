import type { ImportedOrder } from '@tawsil/contracts/orders';
import { recognizeWilaya } from '@tawsil/geo-dz';
import type { YoucanAddress, YoucanOrder } from './youcan.types';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const amount = (value: unknown): number => {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? Math.round(number * 100) / 100 : 0;
};
const isoDate = (value: unknown): string | undefined => {
  const date = typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
};

/** The ship-to address when the store has one, else the customer record. */
function addressOf(order: YoucanOrder): YoucanAddress {
  const shipping = order.shipping?.address;
  const first = Array.isArray(shipping) ? shipping[0] : shipping;
  return { ...order.customer, ...Object.fromEntries(Object.entries(first ?? {}).filter(([, v]) => v)) };
}

export class UnusableOrderError extends Error {}

/** YouCan's order in the product's shape; the region is kept as typed and recognised as a wilaya. */
export function mapYoucanOrder(order: YoucanOrder, receivedAt = new Date()): ImportedOrder {
  if (!order || typeof order.id !== 'string' || !order.id.trim())
    throw new UnusableOrderError('The order has no id');
  const address = addressOf(order);
  const fullName = text(address.full_name) || `${text(address.first_name)} ${text(address.last_name)}`.trim();
  const regionRaw = text(address.region) || text(address.state);
  const orderDate = isoDate(order.created_at) ?? receivedAt.toISOString();
  return {
    externalId: order.id,
    ref: text(String(order.ref ?? '')) || order.id,
    orderDate,
    sourceUpdatedAt: isoDate(order.updated_at) ?? orderDate,
    customer: {
      fullName,
      phone: text(address.phone),
      regionRaw,
      wilayaCode: recognizeWilaya(regionRaw)?.code ?? null,
      city: text(address.city),
    },
    items: (order.variants ?? []).map((line) => ({
      productName: text(line.variant?.product?.name),
      quantity: Math.max(0, Math.trunc(amount(line.quantity))),
      price: amount(line.price),
    })),
    total: amount(order.total),
    currency: text(order.currency) || 'DZD',
  };
}

/** A webhook body is a bare order or an `{event_name, data}` envelope. */
export function orderOfWebhook(payload: unknown): YoucanOrder {
  const body = payload as { data?: unknown; id?: unknown } | null;
  if (body && typeof body === 'object' && !('id' in body) && body.data && typeof body.data === 'object')
    return body.data as YoucanOrder;
  return body as YoucanOrder;
}
