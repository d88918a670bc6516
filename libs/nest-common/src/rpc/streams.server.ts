import { Logger } from '@nestjs/common';
import { RedisContext, Server, type CustomTransportStrategy } from '@nestjs/microservices';
import type { ServiceName } from '@tawsil/contracts/rpc';
import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { requestContext } from '../logging/request-context';
import { observeRpcHandled } from '../metrics/rpc.metrics';
import {
  consumerGroup,
  fieldsToEntry,
  requestStreamKey,
  type ReplyMessage,
  type RequestEntry,
} from './streams.protocol';

export interface StreamsServerOptions {
  redisUrl: string;
  service: ServiceName;
  /** Unique per running instance: the consumer name in the group. */
  instance: string;
  /** Most requests handled at once by this instance. */
  concurrency?: number;
  /** A pending request idle this long belongs to an instance presumed dead and is taken over. */
  claimIdleMs?: number;
  /** How long close() waits for requests in progress. */
  drainMs?: number;
}

type StreamReply = [string, [string, string[]][]][] | null;

/**
 * Nest transport strategy on Redis Streams consumer groups: each request is handled by exactly one
 * instance, requests wait in the stream while no instance runs, and the requests of a dead instance
 * are claimed by a live one. Live instances refresh the idle time of what they are working on, so
 * a slow request is never taken over while its instance is alive.
 */
export class RedisStreamsServer extends Server implements CustomTransportStrategy {
  private readonly log = new Logger('RpcServer');
  private reader!: Redis;
  private writer!: Redis;
  private running = false;
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly stream: string;
  private readonly group: string;
  private readonly concurrency: number;
  private readonly claimIdleMs: number;
  private loops: Promise<void>[] = [];

  constructor(private readonly options: StreamsServerOptions) {
    super();
    this.stream = requestStreamKey(options.service);
    this.group = consumerGroup(options.service);
    this.concurrency = options.concurrency ?? 64;
    this.claimIdleMs = options.claimIdleMs ?? 3000;
  }

  listen(callback: () => void): void {
    const redisOptions = { maxRetriesPerRequest: null, lazyConnect: false } as const;
    this.reader = new Redis(this.options.redisUrl, {
      ...redisOptions,
      connectionName: `${this.options.instance}:rpc-read`,
    });
    this.writer = new Redis(this.options.redisUrl, {
      ...redisOptions,
      connectionName: `${this.options.instance}:rpc-write`,
    });
    this.reader.on('error', (err) => this.log.warn(`Redis (reader): ${err.message}`));
    this.writer.on('error', (err) => this.log.warn(`Redis (writer): ${err.message}`));
    this.running = true;
    this.loops = [this.readLoop(), this.claimLoop()];
    callback();
  }

  async close(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.reader.disconnect();
    const drained = Promise.allSettled([...this.inFlight.values()]);
    await Promise.race([drained, sleep(this.options.drainMs ?? 10_000, undefined, { ref: false })]);
    await Promise.allSettled(this.loops);
    this.writer.disconnect();
  }

  on(): never {
    throw new Error('The Redis Streams transport has no events to listen to');
  }

  unwrap<T>(): T {
    return this.writer as T;
  }

  /** Whether this instance is connected and reading its stream; readiness reports it. */
  isReady(): boolean {
    return this.running && this.reader?.status === 'ready' && this.writer?.status === 'ready';
  }

  private async ensureGroup(): Promise<void> {
    try {
      // From the start of the stream: requests sent while no instance ran are still answered.
      await this.writer.xgroup('CREATE', this.stream, this.group, '0', 'MKSTREAM');
    } catch (error) {
      if (!String(error).includes('BUSYGROUP')) throw error;
    }
  }

  private async readLoop(): Promise<void> {
    let backoffMs = 100;
    let groupReady = false;
    while (this.running) {
      try {
        if (!groupReady) {
          await this.ensureGroup();
          groupReady = true;
        }
        const free = this.concurrency - this.inFlight.size;
        if (free <= 0) {
          await Promise.race(this.inFlight.values());
          continue;
        }
        const reply = (await this.reader.xreadgroup(
          'GROUP',
          this.group,
          this.options.instance,
          'COUNT',
          free,
          'BLOCK',
          2000,
          'STREAMS',
          this.stream,
          '>',
        )) as StreamReply;
        for (const [, entries] of reply ?? []) {
          for (const [entryId, fields] of entries) this.start(entryId, fields);
        }
        backoffMs = 100;
      } catch (error) {
        if (!this.running) break;
        if (String(error).includes('NOGROUP')) groupReady = false;
        this.log.warn(`Reading ${this.stream} failed, retrying in ${backoffMs} ms: ${String(error)}`);
        await sleep(backoffMs);
        backoffMs = Math.min(backoffMs * 2, 5000);
      }
    }
  }

  /** Takes over requests left by dead instances, and keeps this instance's own requests fresh. */
  private async claimLoop(): Promise<void> {
    const interval = Math.max(200, Math.floor(this.claimIdleMs / 3));
    while (this.running) {
      await sleep(interval);
      if (!this.running) break;
      try {
        if (this.inFlight.size > 0) {
          await this.writer.xclaim(
            this.stream,
            this.group,
            this.options.instance,
            0,
            ...this.inFlight.keys(),
            'JUSTID',
          );
        }
        const [, claimed] = (await this.writer.xautoclaim(
          this.stream,
          this.group,
          this.options.instance,
          this.claimIdleMs,
          '0-0',
          'COUNT',
          16,
        )) as [string, [string, string[] | null][]];
        for (const [entryId, fields] of claimed) {
          if (fields && !this.inFlight.has(entryId)) {
            this.log.warn(`Took over request ${entryId} from an instance that stopped answering`);
            this.start(entryId, fields);
          }
        }
      } catch (error) {
        this.log.debug?.(`Claim pass failed: ${String(error)}`);
      }
    }
  }

  private start(entryId: string, fields: string[]): void {
    const work = this.handle(entryId, fieldsToEntry(fields))
      .catch((error) => this.log.error(`Request ${entryId} failed outside its handler: ${String(error)}`))
      .finally(() => this.inFlight.delete(entryId));
    this.inFlight.set(entryId, work);
  }

  private async handle(entryId: string, entry: RequestEntry): Promise<void> {
    if (Number(entry.deadline) < Date.now()) {
      await this.finish(entryId);
      return;
    }
    const handler = this.getHandlerByPattern(entry.pattern);
    if (!handler) {
      const err = { status: 404, message: `No handler for ${entry.pattern}` };
      await this.reply(entryId, entry, { id: entry.id, err, isDisposed: true });
      return;
    }
    const started = performance.now();
    const data: unknown = JSON.parse(entry.data);
    const idempotencyKey = (data as { idempotencyKey?: unknown } | null)?.idempotencyKey;
    const context = {
      requestId: entry.requestId,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    };
    await requestContext.run(context, async () => {
      const error = await new Promise<unknown>((resolve) => {
        const respond = async (packet: Omit<ReplyMessage, 'id'>) => {
          await this.reply(entryId, entry, { id: entry.id, ...packet });
          if (isFinal(packet)) resolve(packet.err);
        };
        void (async () => {
          try {
            const response$ = this.transformToObservable(
              await handler(data, new RedisContext([entry.pattern])),
            );
            this.send(response$, respond);
          } catch (error) {
            await respond({ err: { status: 500, message: 'Internal error' }, isDisposed: true });
            this.log.error(`Handler for ${entry.pattern} threw: ${String(error)}`);
          }
        })();
      });
      observeRpcHandled(entry.pattern, error, started);
      this.log.debug(`Handled ${entry.pattern} in ${Math.round(performance.now() - started)} ms`);
    });
  }

  /** Sends an answer; the last one goes with the acknowledgement in one round trip. */
  private async reply(entryId: string, entry: RequestEntry, message: ReplyMessage): Promise<void> {
    const answer = JSON.stringify(message);
    try {
      if (!isFinal(message)) {
        await this.writer.publish(entry.replyTo, answer);
        return;
      }
      await this.writer
        .multi()
        .publish(entry.replyTo, answer)
        .xack(this.stream, this.group, entryId)
        .xdel(this.stream, entryId)
        .exec();
    } catch (error) {
      // Left pending: another instance takes the request over, or it expires unanswered.
      this.log.warn(`Could not answer ${entry.pattern}: ${String(error)}`);
    }
  }

  /** Acknowledged and deleted: the stream only ever holds requests not yet answered. */
  private async finish(entryId: string): Promise<void> {
    await this.writer.multi().xack(this.stream, this.group, entryId).xdel(this.stream, entryId).exec();
  }
}

function isFinal(packet: Omit<ReplyMessage, 'id'>): boolean {
  return packet.isDisposed === true || packet.err !== undefined;
}
