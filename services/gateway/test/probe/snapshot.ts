import type { TestSystem } from '@tawsil/testing';

export interface Viewer {
  token: string;
  /** The stores whose settings the viewer reads (an owner's). */
  stores: string[];
  /** The delivery accounts whose state tables the viewer reads (an owner's). */
  accounts: string[];
}

async function allOrders(system: TestSystem, token: string): Promise<unknown[]> {
  const orders: unknown[] = [];
  let cursor: string | null = '';
  do {
    const page = await system.request(
      'GET',
      `/api/orders/youcan?limit=500${cursor ? `&cursor=${cursor}` : ''}`,
      undefined,
      token,
    );
    orders.push(...(page.body as unknown[]));
    cursor = page.headers.get('x-next-cursor');
  } while (cursor);
  return orders;
}

/** Everything the viewer can read of their own: what a 4xx must have left as it was. */
export async function snapshot(system: TestSystem, viewer: Viewer): Promise<Record<string, unknown>> {
  const read = async (path: string) => {
    const answer = await system.request('GET', path, undefined, viewer.token);
    return { status: answer.status, body: answer.body };
  };
  const views: Record<string, unknown> = { orders: await allOrders(system, viewer.token) };
  for (const path of [
    '/api/users/me',
    '/api/stores/youcan',
    '/api/orders/availability',
    '/api/orders/blacklist',
    '/api/orders/queue',
    '/api/confirmateur',
    '/api/confirmateur/invitations',
    '/api/delivery/account',
    ...viewer.stores.map((store) => `/api/orders/settings/${store}`),
    ...viewer.accounts.map((account) => `/api/delivery/account/${account}/states`),
  ])
    views[path] = await read(path);
  return views;
}
