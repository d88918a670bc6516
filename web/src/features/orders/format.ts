import type { Order } from './types';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export { formatDateTime } from '../../lib/format-date';

/** "7,800 DZD" */
export const formatTotal = (order: Pick<Order, 'total' | 'currency'>) =>
  `${money.format(order.total)} ${order.currency || 'DZD'}`;

/** "1,234 orders", or "10,000+ orders" when the server stopped counting. */
export function totalText(total: number, exact: boolean): string {
  if (!exact) return `${whole.format(total)}+ orders`;
  return total === 1 ? '1 order' : `${whole.format(total)} orders`;
}

/** "Home, Bab Ezzouar, wilaya 16", "Stop desk Oran, wilaya 31" or "—". */
export function deliveryText(delivery: Order['delivery']): string {
  if (!delivery) return '—';
  const place = delivery.isStopDesk ? delivery.desk : delivery.commune;
  const type = delivery.isStopDesk ? 'Stop desk' : 'Home';
  return `${place ? `${type}${delivery.isStopDesk ? ' ' : ', '}${place}` : type}, wilaya ${delivery.wilaya}`;
}

export const latestNote = (order: Pick<Order, 'notes'>) =>
  order.notes.length ? order.notes[order.notes.length - 1].message : 'No notes';

export const firstItem = (order: Pick<Order, 'variants'>) => order.variants[0];
