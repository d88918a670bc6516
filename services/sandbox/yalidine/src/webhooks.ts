import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { EVENT_TYPES, type EventType } from './parcel-book';
import { yalidineDate } from './parcels';

export interface Subscription {
  id: string;
  url: string;
  events: EventType[];
  /** The key of `X-YALIDINE-SIGNATURE`: hex HMAC-SHA256 of the raw body. */
  secret: string;
  active: boolean;
  delivered: number;
  failedAttempts: number;
}

export interface WebhookTiming {
  /** Events of one type are held this long and sent together. */
  webhookBatchMs: number;
  /** The first retry waits this long, each next one twice as long. */
  webhookRetryMs: number;
}

interface Event {
  event_id: string;
  occurred_at: string;
  data: Record<string, unknown>;
}

/** Docs: 7 retries with growing delays, then the webhook is disabled. */
export const RETRIES = 7;
/** Docs: the endpoint answers the `crc_token` within 10 s; deliveries get as long. */
const ANSWER_WITHIN_MS = 10_000;

/**
 * Yalidine's webhooks: an endpoint is kept once it echoes the GET `crc_token` handshake; events
 * of one type are batched into `{type, events: [{event_id, occurred_at, data}]}` and POSTed signed.
 * A refused delivery is retried (same body, same event ids) 7 times, then the webhook is disabled.
 */
export class Webhooks {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly pending = new Map<string, { events: Event[]; timer: NodeJS.Timeout }>();
  private readonly aborts = new Set<AbortController>();
  private closed = false;

  constructor(private readonly timing: () => WebhookTiming) {}

  list(): Subscription[] {
    return [...this.subscriptions.values()];
  }

  /** The endpoint must echo the token as plain text, else nothing is kept. */
  async subscribe(url: string, events: EventType[]): Promise<Subscription | string> {
    const problem = await this.handshake(url);
    if (problem) return problem;
    const subscription: Subscription = {
      id: randomUUID(),
      url,
      events,
      secret: randomBytes(32).toString('hex'),
      active: true,
      delivered: 0,
      failedAttempts: 0,
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** Yalidine checks the endpoint again from time to time; a failed check disables it. */
  async recheck(id: string): Promise<Subscription | undefined> {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return undefined;
    subscription.active = (await this.handshake(subscription.url)) === undefined;
    return subscription;
  }

  remove(id: string): boolean {
    return this.subscriptions.delete(id);
  }

  emit(type: EventType, data: Record<string, unknown>): void {
    if (this.closed || this.subscriptions.size === 0) return;
    const event: Event = { event_id: randomUUID(), occurred_at: yalidineDate(), data };
    const held = this.pending.get(type);
    if (held) {
      held.events.push(event);
      return;
    }
    const timer = setTimeout(() => {
      const batch = this.pending.get(type);
      this.pending.delete(type);
      if (batch) this.send(type, batch.events);
    }, this.timing().webhookBatchMs);
    this.pending.set(type, { events: [event], timer });
  }

  close(): void {
    this.closed = true;
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    for (const abort of this.aborts) abort.abort();
  }

  private send(type: EventType, events: Event[]): void {
    const body = JSON.stringify({ type, events });
    for (const subscription of this.subscriptions.values())
      if (subscription.active && subscription.events.includes(type)) void this.deliver(subscription, body);
  }

  private async deliver(subscription: Subscription, body: string): Promise<void> {
    const signature = createHmac('sha256', subscription.secret).update(body).digest('hex');
    for (let attempt = 0; attempt <= RETRIES && !this.closed; attempt++) {
      if (attempt > 0)
        await sleep(this.timing().webhookRetryMs * 2 ** (attempt - 1), undefined, { ref: false });
      if (this.closed || !this.subscriptions.has(subscription.id)) return;
      const status = await this.post(subscription.url, body, signature);
      if (status >= 200 && status < 300) {
        subscription.delivered++;
        return;
      }
      subscription.failedAttempts++;
    }
    if (!this.closed) subscription.active = false;
  }

  private async post(url: string, body: string, signature: string): Promise<number> {
    const abort = this.abortAfter(ANSWER_WITHIN_MS);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-yalidine-signature': signature },
        body,
        signal: abort.signal,
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    } finally {
      this.aborts.delete(abort);
    }
  }

  /** Undefined when the endpoint echoed the token in time, else what went wrong. */
  private async handshake(url: string): Promise<string | undefined> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return 'url must be an absolute http(s) URL';
    }
    if (!['http:', 'https:'].includes(target.protocol)) return 'url must be an absolute http(s) URL';
    const token = randomBytes(16).toString('hex');
    target.searchParams.set('subscribe', '1');
    target.searchParams.set('crc_token', token);
    const abort = this.abortAfter(ANSWER_WITHIN_MS);
    try {
      const response = await fetch(target, { signal: abort.signal });
      const text = (await response.text()).trim();
      if (response.status === 200 && text === token) return undefined;
      return `the endpoint answered ${response.status} without echoing crc_token`;
    } catch {
      return 'the endpoint did not answer the crc_token check within 10 s';
    } finally {
      this.aborts.delete(abort);
    }
  }

  private abortAfter(ms: number): AbortController {
    const abort = new AbortController();
    setTimeout(() => abort.abort(), ms).unref();
    this.aborts.add(abort);
    return abort;
  }
}

export const isEventType = (value: unknown): value is EventType => EVENT_TYPES.includes(value as EventType);
