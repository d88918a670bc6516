import { Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { CarrierError } from '../carrier';

/** Calls allowed per window for one API id: Yalidine's defaults are 5, 50, 1,000 and 10,000. */
export interface QuotaLimits {
  second: number;
  minute: number;
  hour: number;
  day: number;
}

const WINDOWS = [
  { name: 'second', header: 'x-second-quota-left', ms: 1_000 },
  { name: 'minute', header: 'x-minute-quota-left', ms: 60_000 },
  { name: 'hour', header: 'x-hour-quota-left', ms: 3_600_000 },
  { name: 'day', header: 'x-day-quota-left', ms: 86_400_000 },
] as const;

/**
 * A call is counted when it leaves; it reaches Yalidine a little later. Counting every window this
 * much longer keeps two calls that left a window apart from landing in one of Yalidine's.
 */
const MARGIN_MS = 250;

/**
 * Takes a call from every window of one API id, or none: KEYS[1] is the log of calls (a sorted
 * set scored by when they left), KEYS[2] the time before which Yalidine said to wait (a 429).
 * Answers 0 when the call may leave, else the milliseconds to wait.
 */
const RESERVE = `
local now = tonumber(ARGV[1])
local blocked = tonumber(redis.call('get', KEYS[2]) or '0')
if blocked > now then return blocked - now end
local longest = 0
for i = 3, #ARGV, 2 do longest = math.max(longest, tonumber(ARGV[i + 1])) end
redis.call('zremrangebyscore', KEYS[1], '-inf', now - longest)
local wait = 0
for i = 3, #ARGV, 2 do
  local limit, length = tonumber(ARGV[i]), tonumber(ARGV[i + 1])
  local since = '(' .. (now - length)
  local count = redis.call('zcount', KEYS[1], since, '+inf')
  if count >= limit then
    local oldest = redis.call('zrangebyscore', KEYS[1], since, '+inf', 'WITHSCORES', 'LIMIT', count - limit, 1)
    wait = math.max(wait, tonumber(oldest[2]) + length - now)
  end
end
if wait > 0 then return math.ceil(wait) end
redis.call('zadd', KEYS[1], now, ARGV[2])
redis.call('pexpire', KEYS[1], longest)
return 0`;

/**
 * Yalidine's quota headers tell how many calls are left in each window: when it counts more calls
 * than the log does (another client of the same API id), the log gets the difference, as of now.
 */
const OBSERVE = `
local now = tonumber(ARGV[1])
local added = 0
for i = 3, #ARGV, 3 do
  local used, length = tonumber(ARGV[i + 1]) - tonumber(ARGV[i]), tonumber(ARGV[i + 2])
  local count = redis.call('zcount', KEYS[1], '(' .. (now - length), '+inf')
  for n = count + 1, used do
    added = added + 1
    redis.call('zadd', KEYS[1], now, ARGV[2] .. ':' .. added)
  end
end
if added > 0 then redis.call('pexpire', KEYS[1], ${WINDOWS[3].ms + MARGIN_MS}) end
return added`;

const BLOCK = `
local wanted = tonumber(ARGV[1])
if wanted > tonumber(redis.call('get', KEYS[1]) or '0') then
  redis.call('set', KEYS[1], wanted, 'PX', tonumber(ARGV[2]))
end
return 1`;

export interface QuotaOptions {
  limits: QuotaLimits;
  /** Longest wait for a call's turn; past it the call fails as the carrier being unavailable. */
  maxWaitMs: number;
}

/**
 * Yalidine's rate limits for one API id, kept in Redis so that every worker and every process
 * sending with the same account shares them: a call waits its turn rather than going over, and a
 * 429's Retry-After holds back every sender of that API id.
 */
export class YalidineQuota {
  private readonly logger = new Logger(YalidineQuota.name);

  constructor(
    private readonly redis: () => Redis,
    private readonly options: QuotaOptions,
  ) {}

  /** Waits until a call with this API id may leave, and counts it. */
  async take(apiId: string): Promise<void> {
    const deadline = Date.now() + this.options.maxWaitMs;
    for (;;) {
      const wait = Number(
        await this.run(RESERVE, 2, ...this.keys(apiId), Date.now(), randomUUID(), ...this.windowArgs()),
      );
      if (wait <= 0) return;
      if (Date.now() + wait > deadline)
        throw new CarrierError(
          'unavailable',
          `Yalidine's rate limit leaves no call for this account for ${Math.ceil(wait / 1000)} s`,
        );
      await sleep(wait);
    }
  }

  /** Brings the log up to what Yalidine counts, from an answer's quota headers. */
  async observe(apiId: string, headers: Headers): Promise<void> {
    const args: (string | number)[] = [];
    for (const window of WINDOWS) {
      const left = Number(headers.get(window.header));
      if (headers.has(window.header) && Number.isFinite(left))
        args.push(left, this.options.limits[window.name], window.ms + MARGIN_MS);
    }
    if (args.length === 0) return;
    const [log] = this.keys(apiId);
    await this.run(OBSERVE, 1, log, Date.now(), randomUUID(), ...args).catch((error: Error) =>
      this.logger.warn({ reason: error.message }, 'Yalidine quota headers not recorded'),
    );
  }

  /** Holds every call with this API id back for `ms` (Yalidine answered 429 with Retry-After). */
  async holdBack(apiId: string, ms: number): Promise<void> {
    const [, blocked] = this.keys(apiId);
    await this.run(BLOCK, 1, blocked, Date.now() + ms, ms + 1_000);
  }

  private windowArgs(): number[] {
    return WINDOWS.flatMap((window) => [this.options.limits[window.name], window.ms + MARGIN_MS]);
  }

  private async run(script: string, keyCount: number, ...args: (string | number)[]): Promise<unknown> {
    try {
      return await this.redis().eval(script, keyCount, ...args);
    } catch (error) {
      if (error instanceof CarrierError) throw error;
      throw new CarrierError(
        'unavailable',
        `Yalidine's rate limit could not be read (${(error as Error).message})`,
      );
    }
  }

  /** Named by a digest of the API id: Redis never holds the id itself. */
  private keys(apiId: string): [string, string] {
    const id = createHash('sha256').update(apiId).digest('hex').slice(0, 32);
    return [`delivery-zr:yalidine-quota:${id}:calls`, `delivery-zr:yalidine-quota:${id}:held`];
  }
}
