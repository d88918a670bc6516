import { Logger } from '@nestjs/common';
import {
  RedisContext,
  Server,
  type CustomTransportStrategy,
  type MessageHandler,
} from '@nestjs/microservices';
import { Redis } from 'ioredis';
import type { KeyObject } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { requestContext } from '../logging/request-context';
import { observeRpcHandled } from '../metrics/rpc.metrics';
import { RequestAdmission } from './request-admission';
import { dropExpiredRequests } from './streams.expiry';
import type { RpcHandlerExtras } from './rpc-handler.decorator';
import { sealAnswer } from './sealed-answers';
import type { StreamsServerOptions } from './streams-server.options';
import {
  consumerGroup,
  fieldsToEntry,
  requestStreamKey,
  type ReplyMessage,
  type RequestEntry,
} from './streams.protocol';

export type { StreamsServerOptions };

type StreamReply = [string, [string, string[]][]][] | null;

/**
 * Nest transport strategy on Redis Streams consumer groups: each request is handled by exactly one
 * instance, and requests wait in the stream while no instance runs.
 *
 * A request is never taken over by another instance while its caller still waits, however long
 * its holder stalls: a takeover could not know whether the holder has written already, and the
 * write would run twice. A request still pending after its deadline (its holder died or hung) is
 * dropped, as one that arrives late is: the caller has answered 503 and retries with the same
 * idempotency key. See docs/rpc-transport.md.
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
  private readonly sweepIntervalMs: number;
  private readonly expiryGraceMs: number;
  private loops: Promise<void>[] = [];
  private readonly admission: RequestAdmission;
  private readonly handlers = new Map<string, MessageHandler>();

  constructor(private readonly options: StreamsServerOptions) {
    super();
    this.stream = requestStreamKey(options.service);
    this.group = consumerGroup(options.service);
    this.concurrency = options.concurrency ?? 64;
    this.sweepIntervalMs = options.sweepIntervalMs ?? 1000;
    this.expiryGraceMs = options.expiryGraceMs ?? 1000;
    this.admission = new RequestAdmission(options.verifier, options.opener);
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
    this.loops = [this.readLoop(), this.sweepLoop()];
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

  /** Drops the requests whose holder did not answer before their deadline (it died or hung). */
  private async sweepLoop(): Promise<void> {
    while (this.running) {
      await sleep(this.sweepIntervalMs);
      if (!this.running) break;
      try {
        await dropExpiredRequests({
          writer: this.writer,
          stream: this.stream,
          group: this.group,
          graceMs: this.expiryGraceMs,
          inFlight: this.inFlight,
          finish: (entryId) => this.finish(entryId),
          log: this.log,
        });
      } catch (error) {
        this.log.debug?.(`Expiry sweep failed: ${String(error)}`);
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
    const handler = this.handlerOf(entry.pattern);
    const started = performance.now();
    // Checked first, even for a pattern without a handler: only a signed replyTo gets an answer.
    const isPublic = !handler || !!(handler.extras as RpcHandlerExtras | undefined)?.public;
    const admission = this.admission.admit(entry, isPublic);
    if ('dropped' in admission) {
      await this.finish(entryId);
      return;
    }
    if ('refused' in admission) {
      await this.reply(entryId, entry, { id: entry.id, err: admission.refused, isDisposed: true });
      observeRpcHandled(entry.pattern, admission.refused, started);
      return;
    }
    if (!handler) {
      const err = { status: 404, message: `No handler for ${entry.pattern}` };
      await this.reply(entryId, entry, { id: entry.id, err, isDisposed: true });
      return;
    }
    const request = admission.envelope;
    const context = {
      requestId: entry.requestId,
      idempotencyKey: typeof request.idempotencyKey === 'string' ? request.idempotencyKey : undefined,
      deadline: Number(entry.deadline),
    };
    await requestContext.run(context, async () => {
      const error = await new Promise<unknown>((resolve) => {
        const respond = async (packet: Omit<ReplyMessage, 'id'>) => {
          packet = this.sealed(entry.pattern, packet, admission.answerKey);
          await this.reply(entryId, entry, { id: entry.id, ...packet });
          if (isFinal(packet)) resolve(packet.err);
        };
        void (async () => {
          try {
            const response$ = this.transformToObservable(
              await handler(request, new RedisContext([entry.pattern])),
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

  /** The answer with its credential fields sealed for the caller (SEALED_ANSWER_FIELDS). */
  private sealed(pattern: string, packet: Omit<ReplyMessage, 'id'>, key: KeyObject | undefined) {
    if (packet.response === undefined) return packet;
    const response = sealAnswer(pattern, packet.response, key);
    if (response !== undefined) return { ...packet, response };
    this.log.error(`No key to seal the answer of ${pattern} for its caller`);
    return { err: { status: 500, message: 'Internal error' }, isDisposed: true };
  }

  /**
   * Nest's lookup tries each pattern as JSON first, and a plain pattern throws on every request:
   * looked up once per pattern. Only patterns that have a handler are kept, so made-up ones sent to
   * the stream cannot grow the map.
   */
  private handlerOf(pattern: string): MessageHandler | null {
    const known = this.handlers.get(pattern);
    if (known) return known;
    const handler = this.getHandlerByPattern(pattern);
    if (handler) this.handlers.set(pattern, handler);
    return handler;
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
