import type { OrderView, QueueOrderView, QueueView } from '@tawsil/contracts/orders';
import {
  addConfirmateur,
  linkStore,
  ordersOf,
  query,
  registerUser,
  sandbox,
  type TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';

/** A store of the owner's filled with `count` orders through the YouCan sandbox, and agents added to it. */
export async function storeWithAgents(
  system: TestSystem,
  owner: TestUser,
  slug: string,
  count: number,
  agentNames: string[],
): Promise<{ storeId: string; agents: TestUser[] }> {
  const storeId = await linkStore(system, owner, slug);
  await sandbox(system, 'POST', `/_sandbox/stores/${slug}/orders`, { count });
  await waitFor(
    `orders of ${slug}`,
    () => ordersOf(system, storeId),
    (n) => n === count,
  );
  const agents: TestUser[] = [];
  for (const name of agentNames) {
    const agent = await registerUser(system, name, true);
    await addConfirmateur(system, owner, storeId, agent);
    agents.push(agent);
  }
  return { storeId, agents };
}

/** The gateway calls of the workspace, typed. */
export function workspaceApi(system: TestSystem) {
  const call = (user: TestUser, method: string, path: string, body?: unknown) =>
    system.request(method, path, body, user.token);
  return {
    call,
    queue: async (user: TestUser, storeId: string) => {
      const answer = await call(user, 'GET', `/api/orders/queue?storeId=${storeId}`);
      if (answer.status !== 200)
        throw new Error(`queue answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body as unknown as QueueView;
    },
    next: async (user: TestUser, storeId: string) => {
      const answer = await call(user, 'POST', '/api/orders/queue/next', { storeId });
      return { status: answer.status, order: answer.body as unknown as QueueOrderView | undefined };
    },
    orders: async (user: TestUser, storeId: string) =>
      (await call(user, 'GET', `/api/orders/youcan?storeId=${storeId}&limit=500`))
        .body as unknown as OrderView[],
    order: async (user: TestUser, storeId: string, id: string) =>
      (
        (await call(user, 'GET', `/api/orders/youcan?storeId=${storeId}&limit=500`))
          .body as unknown as OrderView[]
      ).find((order) => order._id === id)!,
    save: (user: TestUser, order: OrderView, changes: Record<string, unknown>) =>
      call(user, 'PUT', `/api/orders/youcan/${order._id}`, { ...order, ...changes }),
    claim: (user: TestUser, orderId: string, body: unknown = {}) =>
      call(user, 'POST', `/api/orders/youcan/${orderId}/claim`, body),
    release: (user: TestUser, orderId: string) => call(user, 'DELETE', `/api/orders/youcan/${orderId}/claim`),
    settings: (user: TestUser, storeId: string, body?: unknown) =>
      call(user, body === undefined ? 'GET' : 'PUT', `/api/orders/settings/${storeId}`, body),
    available: (user: TestUser, available: boolean) =>
      call(user, 'PUT', '/api/orders/availability', { available }),
  };
}

/** Moves an order's clock fields (the tests' stand-in for waiting hours). */
export const shiftOrder = (system: TestSystem, orderId: string, set: string) =>
  query(system, `update orders.orders set ${set} where id = $1`, [orderId]);
