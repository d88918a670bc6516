import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ORDER_EVENT_FIELD, ORDER_EVENTS_STREAM_LENGTH, orderEventsStream } from '@tawsil/contracts/orders';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { ORDER_EVENTS_CHANNEL } from '../../migrations/Migration20261126200000_order_events';
import { OrdersConfig } from '../config/orders.config';
import { eventsRelayed, relayLag } from './order-events.metrics';
import { OrderEventsRepository, type PendingEvent } from './order-events.repository';

const BATCH = 500;
/** The safety net under LISTEN: a lost notification or a dropped listener costs at most this. */
const POLL_MS = 2000;
const RELISTEN_MS = 1000;
/** How long Redis remembers that an outbox row was published (a crash between XADD and COMMIT). */
const PUBLISHED_MARK_SECONDS = 3600;

/**
 * Publishes an event once: a row published just before its relay crashed, and so relayed again,
 * finds its mark and adds nothing. Answers the stream id, or nil for a repeat.
 */
const PUBLISH_ONCE = `
  if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[3]) then
    return redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[1], '*', '${ORDER_EVENT_FIELD}', ARGV[2])
  end
  return false`;

type PublishingRedis = Redis & {
  publishOrderEvent(
    mark: string,
    stream: string,
    maxLen: number,
    event: string,
    ttl: number,
  ): Promise<unknown>;
};

/**
 * Moves the outbox's events to the per-store Redis streams the gateways read. Woken by the
 * triggers' NOTIFY after each commit, and by a poll in case a notification was missed. Every
 * instance runs one; a transaction-scoped advisory lock lets one relay at a time.
 */
@Injectable()
export class OrderEventsRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OrderEventsRelay.name);
  private redis?: PublishingRedis;
  private listener?: Client;
  private poll?: NodeJS.Timeout;
  private relisten?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly outbox: OrderEventsRepository,
    private readonly config: OrdersConfig,
  ) {}

  onApplicationBootstrap(): void {
    const redis = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: 2 });
    redis.on('error', (error: Error) =>
      this.logger.warn({ err: error.message }, 'Redis unavailable to the relay'),
    );
    redis.defineCommand('publishOrderEvent', { numberOfKeys: 2, lua: PUBLISH_ONCE });
    this.redis = redis as PublishingRedis;
    void this.listen();
    this.poll = setInterval(() => this.wake(), POLL_MS);
    this.wake();
  }

  // Before the database closes: the turn in progress finishes first.
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    clearTimeout(this.relisten);
    await this.running;
    await this.listener?.end().catch(() => undefined);
    this.redis?.disconnect();
  }

  /** Relays now, or right after the turn in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: Error) => this.logger.warn({ err: error.message }, 'Order events not relayed yet'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const relayed = await this.outbox.relayBatch(BATCH, (events) => this.publish(events));
      // null: another instance holds the turn; it got the same notification and relays them.
      if (relayed === null || relayed < BATCH || this.stopped) return;
    }
  }

  private async publish(events: PendingEvent[]): Promise<void> {
    const pipeline = this.redis!.pipeline() as unknown as PublishingRedis & {
      exec(): Promise<[Error | null, unknown][] | null>;
    };
    for (const { outboxId, event } of events)
      void pipeline.publishOrderEvent(
        `events:published:${outboxId}`,
        orderEventsStream(event.storeId),
        ORDER_EVENTS_STREAM_LENGTH,
        JSON.stringify(event),
        PUBLISHED_MARK_SECONDS,
      );
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed || results.length !== events.length)
      throw failed?.[0] ?? new Error('Redis answered no result');
    eventsRelayed.inc(events.length);
    for (const { ageSeconds } of events) relayLag.observe(ageSeconds);
  }

  /** A connection of its own that only listens; it comes back after a drop. */
  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.config.DATABASE_URL });
    const retry = () => {
      if (this.listener !== client || this.stopped) return;
      this.listener = undefined;
      void client.end().catch(() => undefined);
      this.relisten = setTimeout(() => void this.listen(), RELISTEN_MS);
    };
    this.listener = client;
    client.on('notification', () => this.wake());
    client.on('error', retry);
    client.on('end', retry);
    try {
      await client.connect();
      await client.query(`listen ${ORDER_EVENTS_CHANNEL}`);
      this.wake(); // what was committed while nobody listened
    } catch (error) {
      this.logger.warn(
        { err: (error as Error).message },
        'Cannot listen for order events; polling meanwhile',
      );
      retry();
    }
  }
}
