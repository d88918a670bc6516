/**
 * What `early-entry.ts` (a script of a few hundred bytes that `index.html` loads beside the app's
 * entry) started before the app's own code arrived: the token renewal and the first page of
 * orders, each taken once by the app instead of asking again.
 */
export interface EarlyRequests {
  /** `POST /api/auth/refresh`, as fetch answered it. */
  refresh?: Promise<Response>;
  /** The first page of orders, asked with the renewed token. */
  orders?: { path: string; response: Promise<Response> };
}

declare global {
  interface Window {
    tawsilEarly?: EarlyRequests;
  }
}

/** The early token renewal, once; undefined when none was started or it was taken. */
export function takeEarlyRefresh(): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.tawsilEarly;
  const refresh = early?.refresh;
  if (early) early.refresh = undefined;
  return refresh;
}

/** The early answer for this page of orders, once; undefined when there is none or it is for another page. */
export function takeEarlyOrders(path: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.tawsilEarly;
  const orders = early?.orders;
  if (early) early.orders = undefined;
  return orders?.path === path ? orders.response : undefined;
}
