import { Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LiveEventsRedis } from './live-events.redis';

/** Live connections one user may hold at once, across every gateway replica. */
export const MAX_CONNECTIONS_PER_USER = 10;
/** A connection is counted this long after its last heartbeat: a crashed replica's are forgotten. */
export const CONNECTION_TTL_MS = 45_000;

/** Drops the expired entries, then adds this one if the user is under the cap. */
const ACQUIRE = `
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 1`;

type CapRedis = Redis & {
  acquireLiveConnection(
    key: string,
    now: number,
    expiresAt: number,
    max: number,
    connectionId: string,
    ttl: number,
  ): Promise<number>;
};

const keyOf = (userId: string) => `events:connections:${userId}`;

/** Counts each user's open live connections in Redis, so the cap holds across replicas. */
@Injectable()
export class ConnectionCap {
  private readonly redis: CapRedis;

  constructor(redis: LiveEventsRedis) {
    redis.commands.defineCommand('acquireLiveConnection', { numberOfKeys: 1, lua: ACQUIRE });
    this.redis = redis.commands as CapRedis;
  }

  async acquire(userId: string, connectionId: string): Promise<boolean> {
    const now = Date.now();
    const taken = await this.redis.acquireLiveConnection(
      keyOf(userId),
      now,
      now + CONNECTION_TTL_MS,
      MAX_CONNECTIONS_PER_USER,
      connectionId,
      CONNECTION_TTL_MS,
    );
    return taken === 1;
  }

  /** Keeps an open connection counted. */
  async renew(userId: string, connectionId: string): Promise<void> {
    await this.redis.zadd(keyOf(userId), 'XX', Date.now() + CONNECTION_TTL_MS, connectionId);
    await this.redis.pexpire(keyOf(userId), CONNECTION_TTL_MS);
  }

  async release(userId: string, connectionId: string): Promise<void> {
    await this.redis.zrem(keyOf(userId), connectionId);
  }
}
