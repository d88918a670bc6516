import { takeEarlyOrders } from '../../early-requests';
import { readStoredUser } from '../../lib/session';
import { swrKeys } from '../../lib/swr-keys';
import { filtersFrom, ordersQuery } from './filters';
import { fetchOrdersPage, ORDERS_PAGE_SIZE, readOrdersPage, type OrdersPage } from './orders-page-request';

/** An early answer this old when the screen asks is dropped, and the screen asks again. */
const FRESH_MS = 10_000;

interface EarlyPage {
  path: string;
  answer: Promise<OrdersPage>;
  arrivedAt?: number;
}
let early: EarlyPage | undefined;

/**
 * Called by the entry chunk when the app opens on /orders for a user who is signed in: asks for a
 * new access token (the refresh cookie) and the first page of orders at once, while the Orders
 * screen's code is still on its way, instead of after it. The screen takes the answer
 * (takeEarlyOrdersPage) when it asks for the same page. When the early entry (early-entry.ts)
 * already asked for this page, its answer is the one kept.
 */
export function startEarlyOrdersRequest(location: Pick<Location, 'pathname' | 'search'>): void {
  if (location.pathname !== '/orders' || !readStoredUser()) return;
  const path = `${swrKeys.orders}?${ordersQuery(filtersFrom(new URLSearchParams(location.search)), ORDERS_PAGE_SIZE)}`;
  const started: EarlyPage = { path, answer: earlyAnswer(path) ?? fetchOrdersPage(path) };
  early = started;
  started.answer.then(
    () => {
      started.arrivedAt = Date.now();
    },
    () => {
      // A failure (the session ended, the server is away) is not kept: the screen asks for itself.
      if (early === started) early = undefined;
    },
  );
}

/** The early entry's answer for this page, if it asked; anything but a page is asked again from here. */
function earlyAnswer(path: string): Promise<OrdersPage> | undefined {
  return takeEarlyOrders(path)?.then(
    (response) => (response.ok ? readOrdersPage(response) : fetchOrdersPage(path)),
    () => fetchOrdersPage(path),
  );
}

/** The early answer for this page, once; undefined when there is none, or it is for another page or old. */
export function takeEarlyOrdersPage(path: string): Promise<OrdersPage> | undefined {
  const taken = early;
  early = undefined;
  if (taken?.path !== path) return undefined;
  if (taken.arrivedAt !== undefined && Date.now() - taken.arrivedAt > FRESH_MS) return undefined;
  return taken.answer;
}
