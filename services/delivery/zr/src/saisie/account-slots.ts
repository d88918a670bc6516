import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { QueueName } from '@tawsil/contracts/queues';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DeliveryZrConfig } from '../config/delivery-zr.config';

/** A holder that stops refreshing (its worker died) frees its slots after this long. */
const LEASE_MS = 60_000;
const REFRESH_MS = LEASE_MS / 3;

/**
 * Takes a slot on every account or on none (only looks when ARGV[6] is 1): each key is a sorted
 * set of holders scored by the end of their lease. A holder that already has its slot (a retried
 * job) keeps it.
 */
const ACQUIRE = `
local now, lease, limit, ttl = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
for _, key in ipairs(KEYS) do
  redis.call('zremrangebyscore', key, '-inf', now)
  if not redis.call('zscore', key, ARGV[1]) and redis.call('zcard', key) >= limit then return 0 end
end
if ARGV[6] == '1' then return 1 end
for _, key in ipairs(KEYS) do
  redis.call('zadd', key, lease, ARGV[1])
  redis.call('pexpire', key, ttl)
end
return 1`;

const REFRESH = `
for _, key in ipairs(KEYS) do
  redis.call('zadd', key, 'XX', ARGV[2], ARGV[1])
  redis.call('pexpire', key, tonumber(ARGV[3]))
end
return 1`;

/**
 * How many saisie jobs may send to one ZR Express account at once (SAISIE_PER_ACCOUNT), across
 * every worker: a semaphore per account in Redis, since BullMQ's groups are a Pro feature.
 */
@Injectable()
export class AccountSlots {
  private readonly logger = new Logger(AccountSlots.name);

  constructor(
    @InjectQueue(QueueName.ZrSaisie) private readonly queue: Queue,
    private readonly config: DeliveryZrConfig,
  ) {}

  /** Whether `holder` could take a slot on each account now (taking none). */
  async free(holder: string, accountIds: string[]): Promise<boolean> {
    return (await this.run(holder, accountIds, true)) === 1;
  }

  /** A slot on each account for `holder`, kept until released; undefined when one is full. */
  async take(holder: string, accountIds: string[]): Promise<(() => Promise<void>) | undefined> {
    const keys = this.keys(accountIds);
    if (keys.length === 0) return async () => undefined;
    if ((await this.run(holder, accountIds, false)) !== 1) return undefined;
    const redis = await this.redis();
    const timer = setInterval(() => {
      redis
        .eval(REFRESH, keys.length, ...keys, holder, Date.now() + LEASE_MS, LEASE_MS * 2)
        .catch((error: Error) => this.logger.warn({ holder, reason: error.message }, 'Slot not refreshed'));
    }, REFRESH_MS);
    timer.unref();
    return async () => {
      clearInterval(timer);
      // A slot Redis cannot free now ends with its lease.
      await Promise.all(keys.map((key) => redis.zrem(key, holder))).catch((error: Error) =>
        this.logger.warn({ holder, reason: error.message }, 'Slot not released'),
      );
    };
  }

  private async run(holder: string, accountIds: string[], lookOnly: boolean): Promise<unknown> {
    const keys = this.keys(accountIds);
    if (keys.length === 0) return 1;
    const now = Date.now();
    return (await this.redis()).eval(
      ACQUIRE,
      keys.length,
      ...keys,
      holder,
      now,
      now + LEASE_MS,
      this.config.SAISIE_PER_ACCOUNT,
      LEASE_MS * 2,
      lookOnly ? 1 : 0,
    );
  }

  /** The queue's own connection: the slots live beside its jobs, in the same Redis. */
  private async redis() {
    return (await this.queue.client) as unknown as Redis;
  }

  private keys(accountIds: string[]) {
    // Outside the queues' prefix: delivery-zr's Redis user is granted these keys on their own.
    return [...new Set(accountIds)].sort().map((accountId) => `delivery-zr:account-slots:${accountId}`);
  }
}
