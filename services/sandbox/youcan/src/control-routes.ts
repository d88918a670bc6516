import type { FastifyInstance } from 'fastify';
import { generateOrder, type YoucanOrder } from './order-generator';
import type { SandboxState } from './state';
import { deliver } from './webhooks';

/** `/_sandbox/*`: the control endpoints tests and demos use to shape what the sandbox answers. */
export function registerControlRoutes(app: FastifyInstance, state: SandboxState, clientSecret: string): void {
  /**
   * `count` new orders, delivered to the store's `order.create` hooks unless `webhook` is false (a
   * webhook YouCan never sent, or that was lost); `hoursAgo` dates them in the past.
   */
  app.post('/_sandbox/stores/:storename/orders', async (request, reply) => {
    const body = (request.body ?? {}) as { count?: unknown; webhook?: unknown; hoursAgo?: unknown };
    const count = Number(body.count);
    if (!Number.isInteger(count) || count < 1 || count > 10_000)
      return reply.status(400).send({ message: 'count must be a whole number from 1 to 10000' });
    const hoursAgo = Number(body.hoursAgo ?? 0);
    if (!Number.isFinite(hoursAgo) || hoursAgo < 0)
      return reply.status(400).send({ message: 'hoursAgo must be a number of hours, 0 or more' });
    const store = state.storeNamed((request.params as { storename: string }).storename);
    // `overrides[i]`, when given, replaces fields of the i-th order (tests of odd data a store may hold).
    const overrides = (request.body as { overrides?: unknown }).overrides;
    const createdAt = new Date(Date.now() - hoursAgo * 3600_000).toISOString();
    const created = Array.from({ length: count }, () => generateOrder(store.orders.length + 1)).map(
      (order, i) => ({
        ...order,
        ref: String(store.orders.length + i + 1).padStart(5, '0'),
        ...(Array.isArray(overrides) && overrides[i] && typeof overrides[i] === 'object' ? overrides[i] : {}),
        ...(hoursAgo > 0 ? { created_at: createdAt, updated_at: createdAt } : {}),
      }),
    );
    store.orders.push(...created);
    const deliveries =
      body.webhook === false
        ? []
        : (
            await Promise.all(created.map((order) => deliver(store, 'order.create', order, clientSecret)))
          ).flat();
    return { store: store.slug, created, deliveries };
  });

  /**
   * The store's YouCan gets the order as given, or its order changes (no webhook is sent): the
   * given fields replace the order's own. Tests put here the order a hand-made webhook announces.
   */
  app.put('/_sandbox/stores/:storename/orders/:id', async (request, reply) => {
    const { storename, id } = request.params as { storename: string; id: string };
    const fields = request.body;
    if (!fields || typeof fields !== 'object' || Array.isArray(fields))
      return reply.status(400).send({ message: 'The body must be an object of order fields' });
    const store = state.storeNamed(storename);
    const order = store.orders.find((candidate) => candidate.id === id);
    if (order) return Object.assign(order, fields, { id });
    const created = { ...fields, id } as YoucanOrder;
    store.orders.push(created);
    return created;
  });

  app.get('/_sandbox/stores', async () =>
    [...state.stores.values()].map((store) => ({
      id: store.id,
      slug: store.slug,
      orders: store.orders.length,
      hooks: store.hooks,
      pagesRead: store.pagesRead,
    })),
  );

  app.get('/_sandbox/settings', async () => ({
    ...state.settings,
    failuresInjected: state.failuresInjected,
  }));

  app.post('/_sandbox/settings', async (request, reply) => {
    const body = (request.body ?? {}) as Partial<Record<keyof SandboxState['settings'], unknown>>;
    const next = { ...state.settings };
    for (const key of Object.keys(next) as (keyof typeof next)[]) {
      if (body[key] === undefined) continue;
      const value = Number(body[key]);
      if (!Number.isFinite(value) || value < 0 || (key === 'failureRate' && value > 1)) {
        return reply
          .status(400)
          .send({ message: `${key} must be a number from 0${key === 'failureRate' ? ' to 1' : ''}` });
      }
      next[key] = value;
    }
    state.settings = next;
    return state.settings;
  });

  app.post('/_sandbox/orders/hold', async (request, reply) => {
    const after = Number((request.body as { after?: unknown } | null)?.after ?? 0);
    if (!Number.isInteger(after) || after < 0)
      return reply.status(400).send({ message: 'after must be a whole number of pages from 0' });
    state.holdOrderPages(after);
    return state.orderPagesHeld;
  });
  app.get('/_sandbox/orders/hold', async () => state.orderPagesHeld);
  // A held page must not keep the sandbox from stopping.
  app.addHook('onClose', async () => void state.releaseOrderPages());
  app.post('/_sandbox/orders/release', async () => ({ released: state.releaseOrderPages() }));

  app.post('/_sandbox/tokens/expire', async () => ({ expired: state.expireAccessTokens() }));
}
