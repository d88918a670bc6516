import { Logger } from '@nestjs/common';
import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import type { ServiceName } from '@tawsil/contracts/rpc';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { Observable } from 'rxjs';
import { acceptRequestId, currentDeadline, currentRequestId } from '../logging/request-context';
import type { EnvelopeSigner } from './envelope-signature';
import { entryToFields, replyChannel, requestStreamKey, type ReplyMessage } from './streams.protocol';

/** Where a request goes: the service that answers it, named by the pattern, and the command. */
interface Destination {
  service: ServiceName;
  cmd: string;
}

export interface StreamsClientOptions {
  redisUrl: string;
  /** Who calls (the signer's name): its answers come on `rpc:replies:<owner>:<id>`, its own to read. */
  owner: string;
  /** The caller waits this long; the request carries it as a deadline so a late entry is dropped. */
  timeoutMs: number;
  /** Streams are capped near this many entries so a long outage of a service cannot fill Redis. */
  maxStreamLength?: number;
  /** Signs every request (the services refuse unsigned ones but for public pings). */
  signer?: EnvelopeSigner;
}

/**
 * Client side of the Redis Streams transport: appends each request to the stream of the service its
 * pattern names, and receives answers on a channel of its own. Requests go through `request`,
 * which takes the service from the pattern's declaration rather than from the command's text.
 */
export class RedisStreamsClient extends ClientProxy {
  private readonly logger = new Logger('RpcClient');
  private readonly clientId = randomUUID();
  private readonly channel: string;
  private writer?: Redis;
  private subscriber?: Redis;
  private connecting?: Promise<void>;

  constructor(private readonly options: StreamsClientOptions) {
    super();
    this.channel = replyChannel(options.owner, this.clientId);
  }

  connect(): Promise<void> {
    this.connecting ??= this.open();
    return this.connecting;
  }

  private async open(): Promise<void> {
    // Without an offline queue a request fails at once while Redis is away instead of waiting.
    this.writer = new Redis(this.options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    this.writer.on('error', (err) => this.logger.warn(`Redis (writer): ${err.message}`));
    this.subscriber.on('error', (err) => this.logger.warn(`Redis (replies): ${err.message}`));
    this.subscriber.on('message', (_channel: string, raw: string) => this.onReply(raw));
    await Promise.all([waitReady(this.writer), this.subscriber.subscribe(this.channel)]);
  }

  async close(): Promise<void> {
    this.writer?.disconnect();
    this.subscriber?.disconnect();
    this.connecting = undefined;
  }

  /** Sends one request to the stream of `service` and emits its answer. */
  request<Res>(service: ServiceName, cmd: string, data: unknown): Observable<Res> {
    const destination: Destination = { service, cmd };
    return this.send<Res>(destination, data);
  }

  unwrap<T>(): T {
    return this.writer as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const { id } = this.assignPacketId(packet);
    if (!isDestination(packet.pattern)) {
      callback({ err: new Error('Send requests with request(service, cmd, data)'), isDisposed: true });
      return () => undefined;
    }
    const { service, cmd: pattern } = packet.pattern;
    this.routingMap.set(id, callback);
    // Inside a handler, a nested call ends when the request it serves does.
    const deadline = Math.min(Date.now() + this.options.timeoutMs, currentDeadline() ?? Infinity);
    const entry = {
      id,
      pattern,
      data: JSON.stringify(packet.data ?? null),
      replyTo: this.channel,
      deadline: String(deadline),
      requestId: acceptRequestId(currentRequestId()),
    };
    const fields = entryToFields({
      ...entry,
      signer: this.options.signer?.signer,
      signature: this.options.signer?.sign(entry),
    });
    const stream = requestStreamKey(service);
    const maxLength = this.options.maxStreamLength ?? 100_000;
    this.writer!.xadd(stream, 'MAXLEN', '~', maxLength, '*', ...fields).catch((error: unknown) => {
      this.routingMap.delete(id);
      this.logger.warn(`Could not send ${pattern}: ${String(error)}`);
      const message = `The ${service} service is unavailable, try again shortly`;
      callback({ err: { status: 503, message }, isDisposed: true });
    });
    return () => this.routingMap.delete(id);
  }

  protected dispatchEvent(): Promise<never> {
    return Promise.reject(new Error('Events travel on BullMQ queues, not on the RPC transport'));
  }

  private onReply(raw: string): void {
    let message: ReplyMessage;
    try {
      message = JSON.parse(raw) as ReplyMessage;
    } catch {
      return;
    }
    const callback = this.routingMap.get(message.id);
    if (!callback) return;
    if (message.isDisposed || message.err !== undefined) this.routingMap.delete(message.id);
    callback({ response: message.response, err: message.err, isDisposed: message.isDisposed });
  }
}

function isDestination(pattern: unknown): pattern is Destination {
  const candidate = pattern as Partial<Destination> | null;
  return typeof candidate?.service === 'string' && typeof candidate.cmd === 'string';
}

function waitReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    redis.once('ready', () => resolve());
    redis.once('end', () => reject(new Error('Redis connection closed')));
  });
}
