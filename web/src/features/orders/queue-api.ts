import useSWR from 'swr';
import { api } from '../../lib/api-client';
import { swrKeys } from '../../lib/swr-keys';
import type { Order } from './types';

export interface QueueCounts {
  callbacks: number;
  new: number;
  retry: number;
  overdue: number;
}

/** `GET /api/orders/queue`: whom to call, in order (callbacks due, new, retries), at most 50. */
export interface Queue {
  counts: QueueCounts;
  orders: Order[];
}

const queuePath = (storeId?: string) =>
  storeId ? `${swrKeys.queue}?storeId=${encodeURIComponent(storeId)}` : swrKeys.queue;

/** Kept current by the live events (useLiveOrders refreshes every key under /api/orders/). */
export function useQueue(storeId?: string) {
  return useSWR<Queue>([swrKeys.queue, storeId ?? ''], () => api<Queue>(queuePath(storeId)));
}

/** The next order, claimed for the caller; undefined when nobody is waiting (204). */
export const takeNextOrder = async (storeId?: string) =>
  (await api<Order | undefined>(`${swrKeys.queue}/next`, {
    method: 'POST',
    body: storeId ? { storeId } : {},
  })) ?? undefined;

const claimPath = (orderId: string) => `${swrKeys.orders}/${encodeURIComponent(orderId)}/claim`;

export interface Claim {
  userId: string;
  name: string;
  until: string;
}

/** Claims or renews; 409 names the agent who holds it. `takeover` lets an owner take it. */
export const claimOrder = (orderId: string, takeover = false) =>
  api<Claim>(claimPath(orderId), { method: 'POST', body: takeover ? { takeover: true } : {} });

export const releaseClaim = (orderId: string) =>
  api<{ released: boolean }>(claimPath(orderId), { method: 'DELETE' });
