import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ORDER_EVENT_FIELD, orderEventsStream } from '@tawsil/contracts/orders';
import { setTimeout as sleep } from 'node:timers/promises';
import { LiveEventsRedis } from './live-events.redis';
import { compareStreamIds, STREAM_START } from './stream-id';

/** One client connection, as the hub sees it. */
export interface HubSubscriber {
  deliver(storeId: string, streamId: string, event: string): void;
  /** The hub can no longer read Redis, or the gateway stops: the connection ends. */
  end(): void;
}

interface TrackedStore {
  /** The last entry the hub read (or the stream's end when it started reading it). */
  cursor: string;
  subscribers: Set<HubSubscriber>;
}

type XReadReply = [stream: string, entries: [id: string, fields: string[]][]][] | null;

/** Bounds the wait of an XREAD that a new store did not interrupt (CLIENT UNBLOCK may be refused). */
const BLOCK_MS = 2000;
const READ_COUNT = 1000;
const STREAM_PREFIX = orderEventsStream('');

/**
 * One XREAD loop per gateway over the streams of every store someone here listens to, fanned out
 * in-process: a thousand open pages cost one blocked Redis connection, not a thousand.
 */
@Injectable()
export class LiveEventsHub implements OnModuleDestroy {
  private readonly logger = new Logger(LiveEventsHub.name);
  private readonly stores = new Map<string, TrackedStore>();
  private readerId?: number;
  private looping = false;
  private stopped = false;
  private wakeIdle?: () => void;

  constructor(private readonly redis: LiveEventsRedis) {
    redis.reader.on('close', () => (this.readerId = undefined));
  }

  /**
   * Adds the subscriber to the stores' streams; answers, per store, the entry after which it will
   * receive every event.
   */
  async subscribe(subscriber: HubSubscriber, storeIds: string[]): Promise<Map<string, string>> {
    const untracked = storeIds.filter((storeId) => !this.stores.has(storeId));
    const ends = await this.streamEnds(untracked);
    const from = new Map<string, string>();
    for (const storeId of storeIds) {
      const tracked = this.stores.get(storeId) ?? { cursor: ends.get(storeId)!, subscribers: new Set() };
      this.stores.set(storeId, tracked);
      tracked.subscribers.add(subscriber);
      from.set(storeId, tracked.cursor);
    }
    if (untracked.length) this.interrupt();
    this.start();
    return from;
  }

  unsubscribe(subscriber: HubSubscriber, storeIds: Iterable<string>): void {
    for (const storeId of storeIds) {
      const tracked = this.stores.get(storeId);
      if (!tracked) continue;
      tracked.subscribers.delete(subscriber);
      if (tracked.subscribers.size === 0) this.stores.delete(storeId);
    }
  }

  onModuleDestroy(): void {
    this.stopped = true;
    this.wakeIdle?.();
    this.endAll();
  }

  /** The id of each stream's last entry (the start when it has none). */
  private async streamEnds(storeIds: string[]): Promise<Map<string, string>> {
    const ends = new Map<string, string>();
    if (storeIds.length === 0) return ends;
    const pipeline = this.redis.commands.pipeline();
    for (const storeId of storeIds) pipeline.xrevrange(orderEventsStream(storeId), '+', '-', 'COUNT', 1);
    const results = (await pipeline.exec()) ?? [];
    storeIds.forEach((storeId, index) => {
      const [error, entries] = results[index] ?? [new Error('no answer')];
      if (error) throw error;
      ends.set(storeId, (entries as [string, string[]][])[0]?.[0] ?? STREAM_START);
    });
    return ends;
  }

  private start(): void {
    if (this.looping || this.stopped) return;
    this.looping = true;
    void this.loop().finally(() => (this.looping = false));
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      if (this.stores.size === 0) {
        await new Promise<void>((resolve) => (this.wakeIdle = resolve));
        this.wakeIdle = undefined;
        continue;
      }
      const storeIds = [...this.stores.keys()];
      let reply: XReadReply;
      try {
        this.readerId ??= Number(await this.redis.reader.client('ID'));
        reply = (await this.redis.reader.xread(
          'COUNT',
          READ_COUNT,
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          ...storeIds.map(orderEventsStream),
          ...storeIds.map((storeId) => this.stores.get(storeId)!.cursor),
        )) as XReadReply;
      } catch (error) {
        if (this.stopped) return;
        // Pages fall back to polling and reconnect; new connections answer 503 until Redis is back.
        this.logger.warn({ err: (error as Error).message }, 'Live events cannot read Redis');
        this.endAll();
        await sleep(1000);
        continue;
      }
      for (const [stream, entries] of reply ?? []) this.dispatch(stream.slice(STREAM_PREFIX.length), entries);
    }
  }

  private dispatch(storeId: string, entries: [string, string[]][]): void {
    const tracked = this.stores.get(storeId);
    if (!tracked) return;
    for (const [streamId, fields] of entries) {
      if (compareStreamIds(streamId, tracked.cursor) <= 0) continue;
      tracked.cursor = streamId;
      const event = fields[fields.indexOf(ORDER_EVENT_FIELD) + 1];
      if (event === undefined) continue;
      for (const subscriber of tracked.subscribers) subscriber.deliver(storeId, streamId, event);
    }
  }

  /** Makes the blocked XREAD return, so the next one reads the new stores too. */
  private interrupt(): void {
    this.wakeIdle?.();
    const unblock = () => {
      if (this.readerId !== undefined)
        this.redis.commands.client('UNBLOCK', this.readerId).catch(() => undefined);
    };
    unblock();
    // Again shortly: the loop may have been between two reads the first time.
    setTimeout(unblock, 50).unref();
  }

  private endAll(): void {
    const subscribers = new Set([...this.stores.values()].flatMap((tracked) => [...tracked.subscribers]));
    this.stores.clear();
    for (const subscriber of subscribers) subscriber.end();
  }
}
