import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { RedisOptions } from 'ioredis';
import { runsWorkers, SERVICE_ROLE, type ServiceRole } from '../service-role';
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

/**
 * BullMQ on the service's Redis, every queue under QUEUE_PREFIX, each with exactly one processor.
 * Producers work in every role; the processors' workers take jobs only where the role runs them.
 */
@Module({})
export class QueuesModule {
  static forRoot(redisUrl: string, role: ServiceRole): DynamicModule {
    const roleProvider = { provide: SERVICE_ROLE, useValue: role };
    return {
      module: QueuesModule,
      global: true,
      imports: [
        BullModule.forRoot({
          connection: bullConnection(redisUrl),
          prefix: QUEUE_PREFIX,
          extraOptions: { manualRegistration: !runsWorkers(role) },
        }),
        DiscoveryModule,
      ],
      providers: [OneProcessorPerQueue, roleProvider],
      exports: [BullModule, roleProvider],
    };
  }
}
