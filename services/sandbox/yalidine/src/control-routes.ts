import type { FastifyInstance } from 'fastify';
import { EVENT_TYPES, type ParcelBook } from './parcel-book';
import type { ParcelRecord } from './parcels';
import { changedSettings, type Settings } from './settings';
import { isStatus, REASONS } from './statuses';
import { isEventType, type Webhooks } from './webhooks';

export interface Credentials {
  apiId: string;
  apiToken: string;
}

export interface ControlDeps {
  credentials: Credentials;
  book: ParcelBook;
  webhooks: Webhooks;
  settings: { get: () => Settings; set: (next: Settings) => void };
  resetQuotas: () => void;
}

const PAYMENT_STATUSES: ParcelRecord['payment_status'][] = ['not-ready', 'ready', 'receivable', 'payed'];

/**
 * `/_sandbox/*`: what the Yalidine dashboard and time do at the carrier: the credentials, webhook
 * endpoints (with their secret), parcels moved to a status or paid, and failures to inject.
 */
export function controlRoutes(app: FastifyInstance, deps: ControlDeps): void {
  const { book, webhooks, settings } = deps;
  app.get('/_sandbox/credentials', async () => deps.credentials);
  app.get('/_sandbox/settings', async () => settings.get());
  app.post('/_sandbox/settings', async (request, reply) => {
    const next = changedSettings(settings.get(), (request.body ?? {}) as Record<string, unknown>);
    if (typeof next === 'string') return reply.status(400).send({ message: next });
    settings.set(next);
    return next;
  });
  app.post('/_sandbox/quotas/reset', async () => {
    deps.resetQuotas();
    return { reset: true };
  });

  app.get('/_sandbox/parcels', async () => book.records());
  app.post('/_sandbox/parcels/advance', async () => ({ moved: book.advanceAll() }));
  app.post<{ Params: { tracking: string }; Body: { status?: unknown; reason?: unknown } }>(
    '/_sandbox/parcels/:tracking/status',
    async (request, reply) => {
      const { status, reason } = request.body ?? {};
      if (!book.get(request.params.tracking))
        return reply.status(404).send({ message: `No parcel has the tracking ${request.params.tracking}` });
      if (!isStatus(status))
        return reply.status(400).send({ message: 'status must be one of the 30 Yalidine statuses' });
      if (reason !== undefined && !REASONS.includes(String(reason)))
        return reply.status(400).send({ message: 'reason must be one of Yalidine failure or hold reasons' });
      return book.move(request.params.tracking, status, reason === undefined ? undefined : String(reason));
    },
  );
  app.post<{ Params: { tracking: string }; Body: { status?: unknown; payment_id?: unknown } }>(
    '/_sandbox/parcels/:tracking/payment',
    async (request, reply) => {
      const { status, payment_id: paymentId } = request.body ?? {};
      if (!book.get(request.params.tracking))
        return reply.status(404).send({ message: `No parcel has the tracking ${request.params.tracking}` });
      if (!PAYMENT_STATUSES.includes(status as ParcelRecord['payment_status']))
        return reply.status(400).send({ message: `status must be one of ${PAYMENT_STATUSES.join(', ')}` });
      const id = paymentId === undefined || paymentId === null ? null : String(paymentId);
      return book.pay(request.params.tracking, status as ParcelRecord['payment_status'], id);
    },
  );

  app.get('/_sandbox/webhooks', async () => webhooks.list());
  app.post<{ Body: { url?: unknown; events?: unknown } }>('/_sandbox/webhooks', async (request, reply) => {
    const { url, events = EVENT_TYPES } = request.body ?? {};
    if (typeof url !== 'string') return reply.status(400).send({ message: 'url is required' });
    if (!Array.isArray(events) || events.length === 0 || !events.every(isEventType))
      return reply.status(400).send({ message: `events must be a list of ${EVENT_TYPES.join(', ')}` });
    const subscribed = await webhooks.subscribe(url, events);
    if (typeof subscribed === 'string') return reply.status(400).send({ message: subscribed });
    return reply.status(201).send(subscribed);
  });
  app.post<{ Params: { id: string } }>('/_sandbox/webhooks/:id/check', async (request, reply) => {
    const checked = await webhooks.recheck(request.params.id);
    return checked ?? reply.status(404).send({ message: 'No such webhook' });
  });
  app.delete<{ Params: { id: string } }>('/_sandbox/webhooks/:id', async (request, reply) =>
    webhooks.remove(request.params.id)
      ? { deleted: true }
      : reply.status(404).send({ message: 'No such webhook' }),
  );
}
