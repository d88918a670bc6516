import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { controlRoutes, type Credentials } from './control-routes';
import { fail } from './errors';
import { geographyRoutes } from './geography-routes';
import { labelRoutes } from './labels';
import { ListError } from './lists';
import { ParcelBook } from './parcel-book';
import { parcelRoutes } from './parcel-routes';
import { Quotas } from './quotas';
import { DEFAULT_SETTINGS, limitsOf, type Settings } from './settings';
import { Webhooks } from './webhooks';

export type { Credentials } from './control-routes';

/** An API ID (20 digits) and token (64 letters and digits) shaped like the Developer Dashboard's. */
export function randomCredentials(): Credentials {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return {
    apiId: Array.from({ length: 20 }, () => randomInt(10)).join(''),
    apiToken: [...randomBytes(64)].map((b) => alphabet[b % alphabet.length]).join(''),
  };
}

/**
 * A local server that answers like Yalidine's API v1 (`/v1/...`, `X-API-ID` and `X-API-TOKEN`)
 * for one account: geography, centers, fees, parcels, histories, its four quotas, its webhooks
 * and label links. `/_sandbox/*` are control endpoints.
 */
export function buildYalidineSandbox(credentials: Credentials = randomCredentials()): FastifyInstance {
  // Yalidine's resources end in a slash (`/v1/parcels/`); clients write them with or without.
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.get('/health/ready', async () => ({ status: 'ok' }));
  let settings: Settings = { ...DEFAULT_SETTINGS };
  let quotas = new Quotas();
  const webhooks = new Webhooks(() => settings);
  const book = new ParcelBook((type, data) => webhooks.emit(type, data));
  let advanceTimer: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    clearInterval(advanceTimer);
    webhooks.close();
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/v1/')) return;
    if (settings.latencyMs > 0) await sleep(settings.latencyMs);
    if (
      request.headers['x-api-id'] !== credentials.apiId ||
      request.headers['x-api-token'] !== credentials.apiToken
    )
      return fail(reply, 401, 'The X-API-ID and X-API-TOKEN headers do not match an API account');
    const quota = quotas.take(limitsOf(settings), settings.offencesBeforeLock, settings.lockMs);
    reply.headers(quota.headers);
    if (!quota.allowed) return fail(reply, 429, 'Too many requests');
    if (settings.failureRate > 0 && Math.random() < settings.failureRate)
      return fail(reply, 500, 'Internal server error');
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ListError) return fail(reply, 400, error.message);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return fail(reply, status, status < 500 ? (error as Error).message : 'Internal server error');
  });

  geographyRoutes(app, () => settings.economicFees === 1);
  parcelRoutes(app, book, () => settings);
  labelRoutes(app, book);
  controlRoutes(app, {
    credentials,
    book,
    webhooks,
    settings: {
      get: () => settings,
      set: (next) => {
        settings = next;
        clearInterval(advanceTimer);
        if (settings.advanceEveryMs > 0)
          advanceTimer = setInterval(() => book.advanceAll(), settings.advanceEveryMs).unref();
      },
    },
    resetQuotas: () => (quotas = new Quotas()),
  });
  return app;
}
