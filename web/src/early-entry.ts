// Its own entry of the build, loaded by index.html beside the app's entry (vite.config.ts): a
// phone opening /orders starts the token renewal and the first orders while the app's code is
// still on its way, not after it, and fetches the Orders screen's code at once. Imports nothing
// at run time, so that it stays a few hundred bytes with no request of its own.
import type { EarlyRequests } from './early-requests';

/** The first page /orders asks for with no filter (early-entry.spec checks the screen asks the same). */
export const FIRST_ORDERS_PATH = '/api/orders/youcan?limit=100';
/** Where session.tsx keeps who is signed in. */
const STORED_USER_KEY = 'tawsil.user';
/** The Orders screen's chunks, written into index.html by the build. */
export const ORDERS_CHUNKS_META = 'tawsil-orders-chunks';

export function startEarlyRequests(
  location: Pick<Location, 'pathname' | 'search'>,
): EarlyRequests | undefined {
  if (location.pathname !== '/orders' || !localStorage.getItem(STORED_USER_KEY)) return undefined;
  // Before the screen's code: on HTTP/1.1 a browser opens six connections to a host, and the
  // requests that matter most must not queue behind a dozen script files.
  const refresh = fetch('/api/auth/refresh', {
    method: 'POST',
    credentials: 'same-origin',
    priority: 'high',
  });
  const early: EarlyRequests = { refresh };
  const params = [...new URLSearchParams(location.search).keys()];
  if (params.every((name) => name === 'view')) {
    const response = refresh.then(async (renewed) => {
      if (!renewed.ok) throw new Error(`refresh answered ${renewed.status}`);
      const { token } = (await renewed.clone().json()) as { token: string };
      return fetch(FIRST_ORDERS_PATH, { headers: { authorization: `Bearer ${token}` }, priority: 'high' });
    });
    // Not taken (the app found the session over): nothing to report.
    response.catch(() => undefined);
    early.orders = { path: FIRST_ORDERS_PATH, response };
  }
  preloadOrdersScreen();
  return early;
}

function preloadOrdersScreen() {
  const chunks = document.querySelector<HTMLMetaElement>(`meta[name="${ORDERS_CHUNKS_META}"]`)?.content;
  for (const href of chunks?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = href;
    document.head.append(link);
  }
}

if (typeof window !== 'undefined' && !window.tawsilEarly)
  window.tawsilEarly = startEarlyRequests(window.location);
