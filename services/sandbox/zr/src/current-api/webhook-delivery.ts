import { createHmac, randomBytes } from 'node:crypto';
import type { StoredParcel } from './parcel-model';
import type { Tenant } from './tenants';
import type { WebhookEndpoint } from './webhook-endpoints';

export interface DeliveryRecord {
  messageId: string;
  endpointId: string;
  url: string;
  eventType: string;
  parcelId: string;
  attempts: { at: string; status: number | string }[];
  delivered: boolean;
}

/** Svix's signature: `v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`, keyed by the secret's bytes. */
export function svixSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The `data` of an event: the parcel's webhook shape (id always, the rest as ZR sends it). */
function parcelWebhookDto(parcel: StoredParcel) {
  const last = parcel.history[parcel.history.length - 1];
  return {
    id: parcel.id,
    trackingNumber: parcel.trackingNumber,
    externalId: parcel.request.externalId ?? null,
    state: {
      id: last.state.id,
      name: last.state.name,
      description: last.state.description,
      color: last.state.color,
    },
    situation: last.situation,
    isReturn: parcel.isReturn,
    amount: parcel.request.amount,
    deliveryType: parcel.request.deliveryType,
    lastStateUpdateAt: last.createdAt,
  };
}

/**
 * Sends events as Svix does for ZR: one message id per event and endpoint, signed on every
 * attempt, retried with the same `svix-id` after each wait in `retryDelaysMs` until a 2xx.
 */
export class WebhookSender {
  readonly records: DeliveryRecord[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly retryDelaysMs: () => number[]) {}

  emit(tenant: Tenant, eventType: string, parcel: StoredParcel) {
    const body = JSON.stringify({
      eventType,
      occurredAt: new Date().toISOString(),
      data: parcelWebhookDto(parcel),
    });
    for (const endpoint of tenant.endpoints.values()) {
      if (!endpoint.eventTypes.includes(eventType)) continue;
      const record: DeliveryRecord = {
        messageId: `msg_${randomBytes(16).toString('base64url')}`,
        endpointId: endpoint.id,
        url: endpoint.url,
        eventType,
        parcelId: parcel.id,
        attempts: [],
        delivered: false,
      };
      this.records.push(record);
      if (this.records.length > 1000) this.records.shift();
      void this.attempt(endpoint, record, body, this.retryDelaysMs());
    }
  }

  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
  }

  private async attempt(endpoint: WebhookEndpoint, record: DeliveryRecord, body: string, delays: number[]) {
    if (this.closed) return;
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number | string;
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          ...endpoint.headers,
          'content-type': 'application/json',
          'svix-id': record.messageId,
          'svix-timestamp': String(timestamp),
          'svix-signature': svixSignature(endpoint.secret, record.messageId, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      status = error instanceof Error ? error.message : String(error);
    }
    record.attempts.push({ at: new Date().toISOString(), status });
    if (typeof status === 'number' && status >= 200 && status < 300) {
      record.delivered = true;
      return;
    }
    const [wait, ...rest] = delays;
    if (wait === undefined || this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(endpoint, record, body, rest);
    }, wait);
    timer.unref();
    this.timers.add(timer);
  }
}
