import { HttpException, HttpStatus, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { orderEventsStream } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decode } from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { ActorStores } from '../auth/actor-stores';
import { RevokedSessions } from '../sessions/revoked-sessions';
import { AccessChanges } from './access-changes';
import { ConnectionCap, MAX_CONNECTIONS_PER_USER } from './connection-cap';
import { LiveConnection } from './live-connection';
import { LiveEventsHub } from './live-events.hub';
import { liveConnections } from './live-events.metrics';
import { LiveEventsRedis } from './live-events.redis';
import { compareStreamIds, decodeEventId } from './stream-id';

export const HEARTBEAT_MS = 15_000;
/**
 * The periodic check of a connection's stores, under the announcements of `access:changed` (which
 * apply within a second): an announcement lost (Redis restarted without its data) costs this much.
 */
export const RECHECK_STORES_MS = 30_000;
const REPLAY_PAGE = 500;

export const LIVE_UNAVAILABLE = 'Live updates are unavailable; the page refreshes by itself meanwhile';

/** Opens, resumes, keeps and closes the live connections of this gateway. */
@Injectable()
export class LiveStreams {
  private readonly logger = new Logger(LiveStreams.name);
  /** Each connection's store checks run one after the other, so an older answer never wins. */
  private readonly checks = new WeakMap<LiveConnection, Promise<void>>();

  constructor(
    private readonly actors: ActorStores,
    private readonly hub: LiveEventsHub,
    private readonly cap: ConnectionCap,
    private readonly redis: LiveEventsRedis,
    private readonly revoked: RevokedSessions,
    private readonly access: AccessChanges,
  ) {}

  async open(actor: Actor, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // A change announced while the stream is set up may predate its stores' answer: check again.
    let changedMeanwhile = false;
    const stopNoting = this.access.onChange(() => (changedMeanwhile = true));
    let connection: LiveConnection;
    try {
      connection = await this.start(actor, request, reply);
    } finally {
      stopNoting();
    }
    if (changedMeanwhile) void this.recheck(connection, actor);
  }

  private async start(actor: Actor, request: FastifyRequest, reply: FastifyReply): Promise<LiveConnection> {
    const caller = await this.actors.withStores(actor);
    const lastEventId = request.headers['last-event-id'];
    const resume = typeof lastEventId === 'string' && lastEventId ? decodeEventId(lastEventId) : undefined;
    const connectionId = randomUUID();
    if (!(await this.unlessRedisFails(() => this.cap.acquire(actor.userId, connectionId))))
      throw new HttpException(
        `Too many live connections: at most ${MAX_CONNECTIONS_PER_USER} at once; close another tab`,
        HttpStatus.TOO_MANY_REQUESTS,
      );

    const connection = new LiveConnection(reply.raw);
    let missed: boolean;
    try {
      const from = await this.hub.subscribe(connection, caller.storeIds);
      missed = await this.unlessRedisFails(() => this.startCursors(connection, from, resume));
    } catch (error) {
      this.hub.unsubscribe(connection, caller.storeIds);
      await this.cap.release(actor.userId, connectionId).catch(() => undefined);
      throw error instanceof HttpException ? error : new ServiceUnavailableException(LIVE_UNAVAILABLE);
    }

    if (connection.isEnded) {
      // The hub lost Redis while this connection was being set up.
      await this.cap.release(actor.userId, connectionId).catch(() => undefined);
      throw new ServiceUnavailableException(LIVE_UNAVAILABLE);
    }

    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise hold the events back.
      'x-accel-buffering': 'no',
      'x-request-id': String(request.id),
    });
    liveConnections.inc();
    const timers = [
      setInterval(() => {
        connection.heartbeat();
        this.cap.renew(actor.userId, connectionId).catch(() => undefined);
      }, HEARTBEAT_MS),
      setInterval(() => void this.recheck(connection, actor), RECHECK_STORES_MS),
      this.untilTokenExpires(request, connection),
    ];
    // A signed-out or revoked session stops receiving at once.
    const stopWatching = this.revoked.onRevoked((sessionId) => {
      if (sessionId === actor.sessionId) connection.end();
    });
    // A removed store, or a change of the caller's stores, applies at once (docs/live-updates.md).
    const stopFollowing = this.access.onChange((change) => {
      if ('store' in change) this.removeForGood(connection, change.store);
      else if (change.user === actor.userId) void this.recheck(connection, actor);
    });
    reply.raw.on('close', () => {
      stopWatching();
      stopFollowing();
      for (const timer of timers) clearTimeout(timer);
      connection.end();
      this.hub.unsubscribe(connection, connection.storeIds);
      this.cap.release(actor.userId, connectionId).catch(() => undefined);
      liveConnections.dec();
    });

    connection.write('retry: 2000\n\n');
    connection.sync(missed);
    if (resume) await this.replay(connection).catch(() => connection.end());
    connection.goLive();
    return connection;
  }

  /**
   * Where the connection starts in each store: after the client's `Last-Event-ID` when it can be
   * resumed from there, else at the end. Answers whether the client may have missed events.
   */
  private async startCursors(
    connection: LiveConnection,
    from: Map<string, string>,
    resume: Map<string, string> | null | undefined,
  ): Promise<boolean> {
    let missed = !resume;
    for (const [storeId, end] of from) {
      const resumeAt = resume?.get(storeId);
      // Past the end: the stream was lost (Redis emptied); before the kept ones: trimmed away.
      const resumable =
        resumeAt !== undefined &&
        compareStreamIds(resumeAt, end) <= 0 &&
        !(await this.trimmedPast(storeId, resumeAt));
      connection.startAt(storeId, resumable ? resumeAt : end);
      if (!resumable) missed = true;
    }
    return missed;
  }

  private async trimmedPast(storeId: string, streamId: string): Promise<boolean> {
    const info = (await this.redis.commands.xinfo('STREAM', orderEventsStream(storeId)).catch(() => null)) as
      (string | number | unknown[])[] | null;
    if (!info) return false;
    const field = (name: string) => info[info.indexOf(name) + 1];
    const deleted = field('max-deleted-entry-id');
    if (typeof deleted === 'string') return compareStreamIds(streamId, deleted) < 0;
    // Before Redis 7: anything older than the first entry kept may have been trimmed.
    const first = field('first-entry') as [string] | null;
    return !!first && compareStreamIds(streamId, first[0]) < 0;
  }

  /** Every event after the client's cursor, store by store, before the live ones. */
  private async replay(connection: LiveConnection): Promise<void> {
    for (const storeId of connection.storeIds) {
      for (;;) {
        const entries = await this.redis.commands.xrange(
          orderEventsStream(storeId),
          `(${connection.cursorOf(storeId)}`,
          '+',
          'COUNT',
          REPLAY_PAGE,
        );
        for (const [streamId, fields] of entries) connection.send(storeId, streamId, fields[1]);
        if (entries.length < REPLAY_PAGE || connection.isEnded) break;
      }
    }
  }

  /** Noted even when not followed: a check already under way may answer the store still. */
  private removeForGood(connection: LiveConnection, storeId: string): void {
    const followed = connection.storeIds.includes(storeId);
    connection.forgetForGood(storeId);
    if (!followed || connection.isEnded) return;
    this.hub.unsubscribe(connection, [storeId]);
    connection.sync(false);
  }

  /** A removed store or membership stops the events; a new one starts them. */
  private recheck(connection: LiveConnection, actor: Actor): Promise<void> {
    const next = (this.checks.get(connection) ?? Promise.resolve())
      .then(() => this.checkStores(connection, actor))
      .catch(() => undefined);
    this.checks.set(connection, next);
    return next;
  }

  private async checkStores(connection: LiveConnection, actor: Actor): Promise<void> {
    if (connection.isEnded) return;
    let storeIds: string[];
    try {
      storeIds = (await this.actors.withStores(actor)).storeIds;
    } catch {
      return; // stores/youcan or orders away: keep what was allowed a moment ago
    }
    if (connection.isEnded) return;
    const removed = connection.storeIds.filter((storeId) => !storeIds.includes(storeId));
    const added = storeIds.filter(
      (storeId) => !connection.storeIds.includes(storeId) && !connection.wasRemoved(storeId),
    );
    this.hub.unsubscribe(connection, removed);
    for (const storeId of removed) connection.forget(storeId);
    if (added.length === 0) {
      if (removed.length) connection.sync(false);
      return;
    }
    try {
      const from = await this.hub.subscribe(connection, added);
      for (const [storeId, end] of from) connection.startAt(storeId, end);
      connection.sync(true);
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'Live events: a new store could not be followed');
      connection.end();
    }
  }

  /** The stream ends with the token: the client reconnects with a fresh one or signs in again. */
  private untilTokenExpires(request: FastifyRequest, connection: LiveConnection): NodeJS.Timeout {
    const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
    const claims = decode(token, { json: true });
    const leftMs = claims?.exp ? claims.exp * 1000 - Date.now() : HEARTBEAT_MS;
    return setTimeout(() => connection.end(), Math.min(Math.max(leftMs, 0), 2 ** 31 - 1));
  }

  private async unlessRedisFails<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof HttpException) throw error;
      this.logger.warn({ err: (error as Error).message }, 'Live events cannot reach Redis');
      throw new ServiceUnavailableException(LIVE_UNAVAILABLE);
    }
  }
}
