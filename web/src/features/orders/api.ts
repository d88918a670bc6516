import type { EditOrderDto } from '@tawsil/contracts/orders';
import { useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { api, ApiError } from '../../lib/api-client';
import { swrKeys } from '../../lib/swr-keys';
import { takeEarlyOrdersPage } from './early-orders';
import { bulkFilter, ordersQuery, type OrderFilters } from './filters';
import { fetchOrdersPage, ORDERS_PAGE_SIZE, type OrdersPage } from './orders-page-request';
import type { EditableStatus } from './statuses';
import type { Order, OrderNote } from './types';

/** The server takes at most this many ids in one bulk call (BULK_MAX in the contracts). */
const BULK_MAX = 1000;

type PageKey = readonly [path: string, query: string];

/** The orders matching the filters, 100 a page, the next page fetched with the previous one's cursor. */
export function useOrders(filters: OrderFilters) {
  const swr = useSWRInfinite<
    OrdersPage,
    unknown,
    (index: number, previous: OrdersPage | null) => PageKey | null
  >(
    (index, previous) => {
      if (previous && !previous.nextCursor) return null;
      return [
        swrKeys.orders,
        ordersQuery(filters, ORDERS_PAGE_SIZE, index === 0 ? null : previous?.nextCursor),
      ];
    },
    ([path, query]) => takeEarlyOrdersPage(`${path}?${query}`) ?? fetchOrdersPage(`${path}?${query}`),
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const { data: pages, size, setSize, mutate, isValidating } = swr;
  const last = pages?.[pages.length - 1];
  const hasMore = !!last?.nextCursor;
  const loadingMore = isValidating && !!pages && size > pages.length;
  // The same array until a page changes: the cards of unchanged orders are not rendered again.
  const orders = useMemo(() => pages?.flatMap((page) => page.orders), [pages]);

  return {
    orders,
    total: pages?.[0] ? { count: pages[0].total, exact: pages[0].exact } : undefined,
    error: swr.error,
    hasMore,
    loadingMore,
    /** Asks for the next page, once, while none is on its way. */
    loadMore: () => {
      if (hasMore && !isValidating && pages && size === pages.length) void setSize(size + 1);
    },
    /** Puts the server's copy of one order in place, without fetching again. */
    replace: (orderId: string, change: (order: Order) => Order) =>
      mutate(
        (current) =>
          current?.map((page) => ({
            ...page,
            orders: page.orders.map((order) => (order._id === orderId ? change(order) : order)),
          })),
        { revalidate: false },
      ),
    reload: () => mutate(),
  };
}

/**
 * The full edited order of `PUT /api/orders/youcan/{id}`, with the version received; a reporté
 * order carries its callback instant.
 */
export type OrderEdit = Omit<EditOrderDto, 'status'> & { status: EditableStatus; callbackAt?: string };

const orderPath = (id: string) => `${swrKeys.orders}/${encodeURIComponent(id)}`;

export const updateOrder = (id: string, edit: OrderEdit) =>
  api<Order>(orderPath(id), { method: 'PUT', body: edit });

/** One tap on a card: the order as read, with another status (and the callback for reporté). */
export const setStatus = (order: Order, status: EditableStatus, callbackAt?: string) =>
  updateOrder(order._id, {
    version: order.version,
    status,
    ...(callbackAt ? { callbackAt } : {}),
    customer: order.customer,
    quantity: order.variants[0]?.quantity ?? 1,
  });

export const addNote = (id: string, note: string) =>
  api<OrderNote[]>(orderPath(id), { method: 'PUT', body: { note } });

/** A delete over more orders than this is sent with the count the owner confirmed (DELETE_CONFIRM_OVER). */
const CONFIRM_OVER = 100;
const confirmation = (count: number) => (count > CONFIRM_OVER ? { confirm: count } : {});

/** Deletes the orders, BULK_MAX ids a call; answers the ids the server deleted. */
export async function deleteOrders(orderIds: string[]): Promise<string[]> {
  const deleted: string[] = [];
  for (let start = 0; start < orderIds.length; start += BULK_MAX) {
    const chunk = orderIds.slice(start, start + BULK_MAX);
    const { deletedIds } = await api<{ deletedIds: string[] }>(swrKeys.orders, {
      method: 'DELETE',
      body: { orderIds: chunk, ...confirmation(chunk.length) },
    });
    deleted.push(...deletedIds);
  }
  return deleted;
}

/**
 * Deletes every order matching the filters (the server caps it at 10,000), `confirmed` being the
 * count the owner was shown; more than that matching now answers the server's count to confirm
 * (see `countToConfirm`).
 */
export const deleteOrdersMatching = (filters: OrderFilters, confirmed: number) =>
  api<{ deletedIds: string[] }>(swrKeys.orders, {
    method: 'DELETE',
    body: { filter: bulkFilter(filters), ...confirmation(confirmed) },
  });

/** The count a refused delete asks the owner to confirm; undefined for any other failure. */
export function countToConfirm(failure: unknown): number | undefined {
  if (!(failure instanceof ApiError) || failure.status !== 409) return undefined;
  if (failure.body?.code !== 'orders.delete_confirm') return undefined;
  const count = Number(failure.body.params?.count);
  return Number.isInteger(count) && count > 0 ? count : undefined;
}
