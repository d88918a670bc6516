import type { Order } from './types';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * "22 November 2026, 14:05" (en-GB, 24-hour). Built from the parts: ICU versions differ on what
 * joins the date and the time (", " or " at ").
 */
export function formatDateTime(iso: string): string {
  const parts = Object.fromEntries(
    dateTime.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
}

/** "7,800 DZD" */
export const formatTotal = (order: Pick<Order, 'total' | 'currency'>) =>
  `${money.format(order.total)} ${order.currency || 'DZD'}`;

/** "1,234 orders", or "10,000+ orders" when the server stopped counting. */
export function totalText(total: number, exact: boolean): string {
  if (!exact) return `${whole.format(total)}+ orders`;
  return total === 1 ? '1 order' : `${whole.format(total)} orders`;
}

/** "Home, wilaya 16", "Stop desk, wilaya 16" or "—". */
export function deliveryText(delivery: Order['delivery']): string {
  if (!delivery) return '—';
  return `${delivery.isStopDesk ? 'Stop desk' : 'Home'}, wilaya ${delivery.wilaya}`;
}

export const latestNote = (order: Pick<Order, 'notes'>) =>
  order.notes.length ? order.notes[order.notes.length - 1].message : 'No notes';

export const firstItem = (order: Pick<Order, 'variants'>) => order.variants[0];
