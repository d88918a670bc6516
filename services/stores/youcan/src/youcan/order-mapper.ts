import type { ImportedOrder } from '@tawsil/contracts/orders';
import { recognizeWilaya } from '@tawsil/geo-dz';
import { stripControlCharacters } from '@tawsil/nest-common';
import type { YoucanAddress, YoucanOrder } from './youcan.types';

/** YouCan's text, without the control characters a store may hold (a NUL cannot be stored). */
const text = (value: unknown): string =>
  typeof value === 'string' ? stripControlCharacters(value).trim() : '';
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

/** An order that cannot be stored as YouCan sent it; the message is the reason shown to the owner. */
export class UnusableOrderError extends Error {}

// The columns' limits (quantity integer, total numeric(12, 2)): past them an order is refused, not truncated.
const MAX_QUANTITY = 1_000_000;
const MAX_TOTAL = 9_999_999_999.99;

/** YouCan's order in the product's shape; the region is kept as typed and recognised as a wilaya. */
export function mapYoucanOrder(order: YoucanOrder, receivedAt = new Date()): ImportedOrder {
  const id = text(order?.id);
  if (!id) throw new UnusableOrderError('The order has no id');
  const address = addressOf(order);
  const fullName = text(address.full_name) || `${text(address.first_name)} ${text(address.last_name)}`.trim();
  const regionRaw = text(address.region) || text(address.state);
  const orderDate = isoDate(order.created_at) ?? receivedAt.toISOString();
  const items = (order.variants ?? []).map((line) => ({
    productName: text(line.variant?.product?.name),
    quantity: Math.max(0, Math.trunc(amount(line.quantity))),
    price: amount(line.price),
  }));
  const total = amount(order.total);
  if (items.some((item) => item.quantity > MAX_QUANTITY))
    throw new UnusableOrderError(`a quantity is above ${MAX_QUANTITY}`);
  if (Math.abs(total) > MAX_TOTAL || items.some((item) => Math.abs(item.price) > MAX_TOTAL))
    throw new UnusableOrderError('an amount is too large');
  return {
    externalId: id,
    ref: text(String(order.ref ?? '')) || id,
    orderDate,
    sourceUpdatedAt: isoDate(order.updated_at) ?? orderDate,
    customer: {
      fullName,
      phone: text(address.phone),
      regionRaw,
      wilayaCode: recognizeWilaya(regionRaw)?.code ?? null,
      city: text(address.city),
    },
    items,
    total,
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
