import { formatTotal } from '../format';
import { useCustomerOrders } from '../customer-api';
import { StatusBadge } from './StatusBadge';

/** The customer's other orders, by phone, across the owner's stores, with how each ended. */
export function CustomerOrders({ orderId }: { orderId: string }) {
  const { data, error } = useCustomerOrders(orderId);
  if (error) return <p className="text-sm text-red-600">The customer's other orders could not be loaded.</p>;
  if (!data) return <p className="text-sm text-slate-500">Loading the customer's orders…</p>;
  const others = data.orders.filter((other) => other._id !== orderId);
  if (others.length === 0) return <p className="text-sm text-slate-600">No other order from this phone.</p>;
  return (
    <ul aria-label="Other orders" className="flex flex-col gap-1">
      {others.map((other) => (
        <li
          key={other._id}
          data-testid="customer-order"
          className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
        >
          <span className="font-mono">{other.ref}</span>
          <span>{new Date(other.orderDate).toLocaleDateString('en-GB')}</span>
          <span>{formatTotal({ total: other.total, currency: 'DZD' })}</span>
          <StatusBadge status={other.status} testId="customer-order-status" />
        </li>
      ))}
    </ul>
  );
}
