import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { RedisOptions } from 'ioredis';
import { OneProcessorPerQueue } from './one-processor-per-queue';

/** ioredis options for BullMQ from a redis:// URL; workers need `maxRetriesPerRequest: null`. */
export function bullConnection(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    db: Number(url.pathname.slice(1) || 0),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/** The Redis key prefix of every queue. */
export const QUEUE_PREFIX = 'tawsil';

/** BullMQ on the service's Redis, every queue under QUEUE_PREFIX, each with exactly one processor. */
@Module({})
export class QueuesModule {
  static forRoot(redisUrl: string): DynamicModule {
    return {
      module: QueuesModule,
      global: true,
      imports: [
        BullModule.forRoot({ connection: bullConnection(redisUrl), prefix: QUEUE_PREFIX }),
        DiscoveryModule,
      ],
      providers: [OneProcessorPerQueue],
      exports: [BullModule],
    };
  }
}
