import { HttpException, HttpStatus } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface AccountThrottleLimits {
  /** Failures in a row allowed before each further attempt must wait. */
  failuresBeforeDelay: number;
  /** Longest wait between two attempts once the delays have grown. */
  delayMaxSeconds: number;
  /** Failures allowed per account in an hour, whatever the delays. */
  failuresPerHour: number;
}

/**
 * Takes an attempt if the account may try now. Counted before the password is checked, so a burst
 * from many addresses at once cannot slip between a check and its count.
 * Returns [1, 0] when taken, or [0, milliseconds to wait].
 */
const TAKE_ATTEMPT = `
local wait = redis.call('PTTL', KEYS[3])
if wait > 0 then return {0, wait} end
local hour = tonumber(redis.call('GET', KEYS[2]) or '0')
if hour >= tonumber(ARGV[3]) then return {0, math.max(redis.call('PTTL', KEYS[2]), 1000)} end
if redis.call('INCR', KEYS[2]) == 1 then redis.call('PEXPIRE', KEYS[2], 3600000) end
local streak = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], 86400000)
local over = streak - tonumber(ARGV[1])
if over >= 0 then
  local delay = math.min(2 ^ math.min(over, 30), tonumber(ARGV[2])) * 1000
  redis.call('SET', KEYS[3], '1', 'PX', delay)
end
return {1, 0}
`;

/** A sign-in that did not happen (identity away, a bad body): its attempt is given back. */
const GIVE_BACK = `
for _, key in ipairs(KEYS) do
  local n = tonumber(redis.call('GET', key) or '0')
  if n > 0 then redis.call('SET', key, n - 1, 'KEEPTTL') end
end
return 1
`;

type ThrottleRedis = Redis & {
  takeLoginAttempt(
    streak: string,
    hour: string,
    lock: string,
    ...limits: number[]
  ): Promise<[number, number]>;
  giveBackLoginAttempt(numberOfKeys: number, ...keys: string[]): Promise<number>;
};

export class TooManyAttempts extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      `Too many failed sign-ins for this account: wait ${retryAfterSeconds} s and try again`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * Failed sign-ins counted per account, by normalised email, in Redis (shared by every gateway
 * replica), after OWASP: growing delays after a few failures and a ceiling per hour. An unknown
 * email is counted exactly like a known one, so the answers tell nothing about which exist.
 */
export class AccountThrottle {
  private readonly redis: ThrottleRedis;

  constructor(
    redis: Redis,
    private readonly limits: AccountThrottleLimits,
  ) {
    redis.defineCommand('takeLoginAttempt', { numberOfKeys: 3, lua: TAKE_ATTEMPT });
    redis.defineCommand('giveBackLoginAttempt', { lua: GIVE_BACK });
    this.redis = redis as ThrottleRedis;
  }

  /** Runs one sign-in attempt for this email, or throws TooManyAttempts. */
  async attempt<T>(
    email: string,
    signIn: () => Promise<T>,
    isFailure: (error: unknown) => boolean,
  ): Promise<T> {
    const keys = this.keysOf(email);
    const [taken, waitMs] = await this.redis.takeLoginAttempt(
      keys.streak,
      keys.hour,
      keys.lock,
      this.limits.failuresBeforeDelay,
      this.limits.delayMaxSeconds,
      this.limits.failuresPerHour,
    );
    if (!taken) throw new TooManyAttempts(Math.ceil(waitMs / 1000));
    let result: T;
    try {
      result = await signIn();
    } catch (error) {
      if (!isFailure(error)) await this.redis.giveBackLoginAttempt(2, keys.streak, keys.hour);
      throw error;
    }
    // Success resets the delay; the hour's failures stay counted, but not this attempt.
    await this.redis.giveBackLoginAttempt(1, keys.hour);
    await this.redis.del(keys.streak, keys.lock);
    return result;
  }

  private keysOf(email: string) {
    // Hashed: the keys name no address.
    const account = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
    return {
      streak: `login:${account}:streak`,
      hour: `login:${account}:hour`,
      lock: `login:${account}:lock`,
    };
  }
}
