import type { Order } from './types';
import { formatCount, formatDzd } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';

export { formatDateTime } from '../../lib/format-date';

/** "7,800 DZD" */
export const formatTotal = (order: Pick<Order, 'total' | 'currency'>) =>
  formatDzd(order.total, order.currency || 'DZD');

/** "1,234 orders", or "10,000+ orders" when the server stopped counting. */
export function totalText(total: number, exact: boolean): string {
  if (!exact) return i18n.t('orders.total_more', { formatted: formatCount(total) });
  return i18n.t('orders.total', { count: total, formatted: formatCount(total) });
}

/** "Home, Bab Ezzouar, wilaya 16", "Stop desk Oran, wilaya 31" or "—". */
export function deliveryText(delivery: Order['delivery']): string {
  if (!delivery) return '—';
  const place = delivery.isStopDesk ? delivery.desk : delivery.commune;
  const type = delivery.isStopDesk ? i18n.t('delivery_text.stop_desk') : i18n.t('delivery_text.home');
  const wilaya = i18n.t('delivery_text.wilaya', { code: delivery.wilaya });
  return `${place ? `${type}${delivery.isStopDesk ? ' ' : ', '}${place}` : type}, ${wilaya}`;
}

export const latestNote = (order: Pick<Order, 'notes'>) =>
  order.notes.length ? order.notes[order.notes.length - 1].message : i18n.t('notes.none');

export const firstItem = (order: Pick<Order, 'variants'>) => order.variants[0];
