import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { consentPage } from './consent-page';
import { generateOrder, type YoucanOrder } from './order-generator';
import { SandboxState, type SandboxStore } from './state';
import { deliver } from './webhooks';

export interface SandboxOptions {
  clientId: string;
  clientSecret: string;
}

type Query = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** YouCan's `sort_field` (`ref`, `total` or `created_at`; `ref` by default), ties broken by ref. */
function compareOrders(a: YoucanOrder, b: YoucanOrder, field?: string): number {
  const byRef = a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0;
  if (field === 'created_at') return Date.parse(a.created_at) - Date.parse(b.created_at) || byRef;
  if (field === 'total') return a.total - b.total || byRef;
  return byRef;
}

/** PKCE S256 (RFC 7636): BASE64URL(SHA256(code_verifier)) is the challenge given at authorize. */
const provesChallenge = (verifier: string | undefined, challenge: string) =>
  !!verifier && createHash('sha256').update(verifier).digest('base64url') === challenge;

/** YouCan's error shape: `{status, detail, meta}`. */
const refuse = (reply: FastifyReply, status: number, detail: string) =>
  reply.status(status).send({ status, detail, meta: [] });

/**
 * A local server that answers like YouCan for what the product uses: the OAuth consent page and
 * token endpoint, `/me`, the paginated orders list, REST hooks and signed `order.create` deliveries.
 * `/_sandbox/*` are control endpoints for tests and demos.
 */
export function buildSandbox(options: SandboxOptions, state = new SandboxState()): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get('/health/ready', async () => ({ status: 'ok' }));
  void app.register(formbody);
  const requestsThisMinute = { windowStart: Date.now(), count: 0 };

  // Latency, failures and rate limit apply to the API, not to the consent page or the controls.
  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (['/_sandbox', '/admin/oauth', '/health'].some((prefix) => path.startsWith(prefix))) return;
    const { latencyMs, rateLimitPerMinute } = state.settings;
    if (latencyMs > 0) await sleep(latencyMs);
    if (rateLimitPerMinute > 0) {
      if (Date.now() - requestsThisMinute.windowStart > 60_000)
        Object.assign(requestsThisMinute, { windowStart: Date.now(), count: 0 });
      if (++requestsThisMinute.count > rateLimitPerMinute) {
        reply.header(
          'retry-after',
          String(Math.ceil((requestsThisMinute.windowStart + 60_000 - Date.now()) / 1000)),
        );
        return refuse(reply, 429, 'Too Many Attempts.');
      }
    }
    // Read after the wait: a failure switched on meanwhile hits the requests in flight.
    if (state.settings.failureRate > 0 && Math.random() < state.settings.failureRate) {
      state.failuresInjected += 1;
      return refuse(reply, 500, 'Server Error');
    }
  });

  const authorized = (request: FastifyRequest, reply: FastifyReply): SandboxStore | undefined => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const store = state.storeOfToken(token);
    if (!store) void refuse(reply, 401, 'Unauthenticated');
    return store;
  };

  app.get('/admin/oauth/authorize', async (request, reply) => {
    const query = request.query as Query;
    if (first(query.client_id) !== options.clientId)
      return reply.status(400).type('text/html').send('<h1>Unknown application</h1>');
    if (!first(query.redirect_uri))
      return reply.status(400).type('text/html').send('<h1>redirect_uri is required</h1>');
    if (first(query.code_challenge) && first(query.code_challenge_method) !== 'S256')
      return reply.status(400).type('text/html').send('<h1>code_challenge_method must be S256</h1>');
    return reply.type('text/html; charset=utf-8').send(consentPage(query));
  });

  app.post('/admin/oauth/authorize', async (request, reply) => {
    const form = request.body as Record<string, string>;
    const redirect = new URL(form.redirect_uri);
    if (form.client_id !== options.clientId) return reply.status(400).send('Unknown application');
    if (form.decision !== 'authorize') {
      redirect.searchParams.set('error', 'access_denied');
    } else {
      const store = state.storeNamed(form.storename || 'sandbox-store');
      const challenge = form.code_challenge || undefined;
      redirect.searchParams.set('code', state.issueCode(store.id, form.redirect_uri, challenge));
    }
    if (form.state) redirect.searchParams.set('state', form.state);
    return reply.redirect(redirect.toString(), 302);
  });

  app.post('/oauth/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    if (body.client_id !== options.clientId || body.client_secret !== options.clientSecret) {
      return reply.status(401).send({ error: 'invalid_client', message: 'Client authentication failed' });
    }
    if (body.grant_type === 'authorization_code') {
      const grant = state.codes.get(body.code);
      state.codes.delete(body.code);
      if (!grant || grant.expiresAt <= Date.now() || grant.redirectUri !== body.redirect_uri) {
        return reply
          .status(400)
          .send({ error: 'invalid_grant', message: 'The authorization code is invalid or expired' });
      }
      if (grant.codeChallenge && !provesChallenge(body.code_verifier, grant.codeChallenge)) {
        return reply
          .status(400)
          .send({ error: 'invalid_grant', message: 'The code_verifier does not match the code_challenge' });
      }
      return state.issueTokens(grant.storeId);
    }
    if (body.grant_type === 'refresh_token') {
      const grant = state.refreshTokens.get(body.refresh_token);
      state.refreshTokens.delete(body.refresh_token);
      if (!grant)
        return reply.status(400).send({ error: 'invalid_grant', message: 'The refresh token is invalid' });
      return state.issueTokens(grant.storeId);
    }
    return reply
      .status(400)
      .send({ error: 'unsupported_grant_type', message: 'grant_type is not supported' });
  });

  app.get('/me', async (request, reply) => {
    const store = authorized(request, reply);
    if (!store) return reply;
    return {
      id: store.id,
      store_id: store.id,
      slug: store.slug,
      name: store.name,
      email: `${store.slug}@sandbox.youcan.shop`,
      status: 1,
      is_active: true,
      currency: { code: 'DZD', symbol: 'DA' },
    };
  });

  app.get('/orders', async (request, reply) => {
    const store = authorized(request, reply);
    if (!store) return reply;
    await state.orderPageGate();
    const query = request.query as Query;
    const limit = Math.min(Math.max(Number(first(query.limit)) || 10, 1), 100);
    const page = Math.max(Number(first(query.page)) || 1, 1);
    const ascending = first(query.sort_order) === 'asc';
    const sorted = [...store.orders].sort(
      (a, b) => compareOrders(a, b, first(query.sort_field)) * (ascending ? 1 : -1),
    );
    const data = sorted.slice((page - 1) * limit, page * limit);
    store.pagesRead += 1;
    const totalPages = Math.max(Math.ceil(sorted.length / limit), 1);
    const next = new URL(`${request.protocol}://${request.host}/orders`);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) next.searchParams.set(name, String(first(value)));
    next.searchParams.set('page', String(page + 1));
    return {
      data,
      meta: {
        pagination: {
          total: sorted.length,
          count: data.length,
          per_page: limit,
          current_page: page,
          total_pages: totalPages,
          links: page < totalPages ? { next: next.toString() } : {},
        },
      },
    };
  });

  app.get('/orders/:id', async (request, reply) => {
    const store = authorized(request, reply);
    if (!store) return reply;
    const order = store.orders.find((candidate) => candidate.id === (request.params as { id: string }).id);
    return order ?? refuse(reply, 404, 'Not Found');
  });

  app.post('/resthooks/subscribe', async (request, reply) => {
    const store = authorized(request, reply);
    if (!store) return reply;
    const { target_url, event } = (request.body ?? {}) as { target_url?: string; event?: string };
    if (!target_url || !event) return refuse(reply, 422, 'target_url and event are required');
    if (store.hooks.filter((hook) => hook.event === event).length >= 7) {
      return refuse(reply, 429, 'This store has reached the max of subscriptions for this event.');
    }
    const hook = { id: randomUUID(), event, target_url };
    store.hooks.push(hook);
    return { id: hook.id };
  });

  app.get('/resthooks', async (request, reply) => authorized(request, reply)?.hooks ?? reply);

  const unsubscribe = async (request: FastifyRequest, reply: FastifyReply) => {
    const store = authorized(request, reply);
    if (!store) return reply;
    const id = (request.params as { id: string }).id;
    const before = store.hooks.length;
    store.hooks = store.hooks.filter((hook) => hook.id !== id);
    return before === store.hooks.length
      ? refuse(reply, 404, 'Not Found')
      : { message: 'Unsubscribed', type: 'success' };
  };
  app.delete('/resthooks/:id', unsubscribe);
  app.post('/resthooks/unsubscribe/:id', unsubscribe);

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
            await Promise.all(
              created.map((order) => deliver(store, 'order.create', order, options.clientSecret)),
            )
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

  return app;
}
