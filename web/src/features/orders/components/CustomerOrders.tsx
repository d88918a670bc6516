import { formatDay } from '../../../i18n/format';
import { formatTotal } from '../format';
import { useCustomerOrders } from '../customer-api';
import { StatusBadge } from './StatusBadge';
import { useTranslation } from 'react-i18next';

/** The customer's other orders, by phone, across the owner's stores, with how each ended. */
export function CustomerOrders({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { data, error } = useCustomerOrders(orderId);
  if (error) return <p className="text-sm text-red-600">{t('customer_orders.failed')}</p>;
  if (!data) return <p className="text-sm text-slate-500">{t('customer_orders.loading')}</p>;
  const others = data.orders.filter((other) => other._id !== orderId);
  if (others.length === 0) return <p className="text-sm text-slate-600">{t('customer_orders.none')}</p>;
  return (
    <ul aria-label={t('card.other_orders')} className="flex flex-col gap-1">
      {others.map((other) => (
        <li
          key={other._id}
          data-testid="customer-order"
          className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
        >
          <span className="font-mono">{other.ref}</span>
          <span>{formatDay(other.orderDate.slice(0, 10))}</span>
          <span className="ltr-number">{formatTotal({ total: other.total, currency: 'DZD' })}</span>
          <StatusBadge status={other.status} testId="customer-order-status" />
        </li>
      ))}
    </ul>
  );
}
