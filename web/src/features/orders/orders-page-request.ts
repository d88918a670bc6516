import { errorBodyOf, serverText } from '../../i18n/server-text';
import { ApiError, authorizedFetch } from '../../lib/api-client';
import type { Order } from './types';

export const ORDERS_PAGE_SIZE = 100;

export interface OrdersPage {
  orders: Order[];
  /** Orders matching the filters; "at least" when `exact` is false. */
  total: number;
  exact: boolean;
  nextCursor: string | null;
}

/**
 * One page of orders with what the headers say (total, exact, next cursor), which api() does not
 * return. Same token renewal, same ApiError, same sign-out path on a 401 (authorizedFetch).
 */
export async function fetchOrdersPage(path: string): Promise<OrdersPage> {
  return readOrdersPage(await authorizedFetch(path));
}

/** A page of orders out of the list's answer. */
export async function readOrdersPage(response: Response): Promise<OrdersPage> {
  const text = await response.text();
  if (!response.ok) {
    const body = errorBodyOf(text);
    const serverMessage = serverText(body);
    throw new ApiError(response.status, serverMessage ?? response.statusText, serverMessage, body);
  }
  const orders = JSON.parse(text) as Order[];
  const total = Number(response.headers.get('X-Total-Count'));
  return {
    orders,
    total: Number.isFinite(total) && response.headers.get('X-Total-Count') !== null ? total : orders.length,
    exact: response.headers.get('X-Total-Count-Exact') !== 'false',
    nextCursor: response.headers.get('X-Next-Cursor') || null,
  };
}
