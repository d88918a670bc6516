import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { consentPage } from './consent-page';
import { registerControlRoutes } from './control-routes';
import type { YoucanOrder } from './order-generator';
import { SandboxState, type SandboxStore } from './state';

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

  registerControlRoutes(app, state, options.clientSecret);

  return app;
}
