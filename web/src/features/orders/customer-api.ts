import useSWR from 'swr';
import { api } from '../../lib/api-client';
import { swrKeys } from '../../lib/swr-keys';

const fetchJson = <T>(path: string) => api<T>(path);
import type { Order, Status } from './types';

export interface CustomerOrder {
  _id: string;
  ref: string;
  orderDate: string;
  status: Status;
  total: number;
  storeId: string;
}

const orderPath = (orderId: string) => `${swrKeys.orders}/${encodeURIComponent(orderId)}`;

/** The customer's other orders across the owner's stores; asked only when shown. */
export function useCustomerOrders(orderId: string | undefined) {
  return useSWR<{ phone: string; orders: CustomerOrder[] }>(
    orderId ? `${orderPath(orderId)}/customer` : null,
    fetchJson,
  );
}

export const cancelDuplicate = (orderId: string) =>
  api<Order>(`${orderPath(orderId)}/cancel-duplicate`, { method: 'POST' });
