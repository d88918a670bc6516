import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { AccountThrottle, type AccountThrottleLimits } from './account-throttle';

export const AUTH_THROTTLER = 'auth';

/** Holds the Redis connection of the rate limiter, closed with the application. */
class ThrottlerRedis implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(url: string) {
    // While Redis is away a request waits at most a second, then answers 503.
    this.client = new Redis(url, { keyPrefix: 'throttle:', commandTimeout: 1000, maxRetriesPerRequest: 1 });
    this.client.on('error', () => undefined);
  }

  onApplicationShutdown() {
    this.client.disconnect();
  }
}

/**
 * Login and registration attempts counted per client address in Redis, so every gateway replica
 * shares one count; failed sign-ins also counted per account (AccountThrottle).
 */
@Module({})
export class ThrottlingModule {
  static forRoot(options: {
    redisUrl: string;
    authLimitPerMinute: number;
    perAccount: AccountThrottleLimits;
  }): DynamicModule {
    const redisProvider = { provide: ThrottlerRedis, useFactory: () => new ThrottlerRedis(options.redisUrl) };
    const accountProvider = {
      provide: AccountThrottle,
      inject: [ThrottlerRedis],
      useFactory: (redis: ThrottlerRedis) => new AccountThrottle(redis.client, options.perAccount),
    };
    return {
      module: ThrottlingModule,
      global: true,
      providers: [redisProvider, accountProvider],
      exports: [redisProvider, accountProvider],
      imports: [
        ThrottlerModule.forRootAsync({
          inject: [ThrottlerRedis],
          useFactory: (redis: ThrottlerRedis) => ({
            throttlers: [{ name: AUTH_THROTTLER, ttl: 60_000, limit: options.authLimitPerMinute }],
            storage: new ThrottlerStorageRedisService(redis.client),
            errorMessage: 'Too many attempts, wait a minute and try again',
          }),
        }),
      ],
    };
  }
}
