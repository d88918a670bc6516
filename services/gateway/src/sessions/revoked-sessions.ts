import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { REVOKED_SESSIONS_STREAM } from '@tawsil/contracts/identity';
import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { GatewayConfig } from '../config/gateway.config';

type StreamEntries = [string, [string, string[]][]][] | null;

/**
 * The sessions that ended while their access tokens may still be valid, as identity announces them
 * on the `sessions:revoked` stream. Every gateway instance follows the stream (a blocking XREAD,
 * so an ended session is refused within milliseconds) and forgets a session once its tokens have
 * expired anyway.
 */
@Injectable()
export class RevokedSessions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RevokedSessions.name);
  /** Session id → when its last token expires (epoch ms). */
  private readonly revoked = new Map<string, number>();
  private readonly listeners = new Set<(sessionId: string) => void>();
  private readonly reader: Redis;
  private lastId = '0-0';
  private stopped = false;
  private purge?: NodeJS.Timeout;

  constructor(config: GatewayConfig) {
    this.reader = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
    this.reader.on('error', () => undefined);
  }

  async onModuleInit(): Promise<void> {
    // What was revoked before this instance started, before it answers anything (3 s at most).
    await Promise.race([this.read(false).catch(() => undefined), sleep(3000, undefined, { ref: false })]);
    void this.follow();
    this.purge = setInterval(() => this.forgetExpired(), 60_000).unref();
  }

  has(sessionId: string): boolean {
    const until = this.revoked.get(sessionId);
    return until !== undefined && until > Date.now();
  }

  /** Marks sessions ended now (the answer of a sign-out), before the stream brings them. */
  add(sessionIds: string[], untilMs: number): void {
    for (const sessionId of sessionIds) {
      if (!this.has(sessionId)) this.revoked.set(sessionId, untilMs);
      for (const listener of this.listeners) listener(sessionId);
    }
  }

  /** Called with each ended session (e.g. to close its live connections); answers the unsubscribe. */
  onRevoked(listener: (sessionId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.purge);
    this.reader.disconnect();
  }

  private async follow(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.read(true);
      } catch (error) {
        if (this.stopped) return;
        this.logger.warn(
          { err: (error as Error).message },
          'Cannot read ended sessions from Redis; retrying',
        );
        await sleep(1000);
      }
    }
  }

  private async read(block: boolean): Promise<void> {
    if (this.reader.status === 'wait') await this.reader.connect();
    const args = block ? ['BLOCK', '5000'] : [];
    const answer = (await this.reader.call(
      'XREAD',
      'COUNT',
      '1000',
      ...args,
      'STREAMS',
      REVOKED_SESSIONS_STREAM,
      this.lastId,
    )) as StreamEntries;
    for (const [, entries] of answer ?? []) {
      for (const [id, fields] of entries) {
        this.lastId = id;
        const field = (name: string) => fields[fields.indexOf(name) + 1];
        const until = Number(field('until'));
        if (field('sid') && until > Date.now()) this.add([field('sid')], until);
      }
    }
  }

  private forgetExpired(): void {
    const now = Date.now();
    for (const [sessionId, until] of this.revoked) if (until <= now) this.revoked.delete(sessionId);
  }
}
