import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { GatewayConfig } from '../config/gateway.config';

/**
 * The live events' Redis connections: `reader` only blocks in XREAD (no timeout: blocking is its
 * job), `commands` does the rest and gives up quickly, so a request never hangs on a Redis outage.
 */
@Injectable()
export class LiveEventsRedis implements OnApplicationShutdown {
  readonly reader: Redis;
  readonly commands: Redis;

  constructor(config: GatewayConfig) {
    this.reader = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
    this.commands = new Redis(config.REDIS_URL, {
      maxRetriesPerRequest: 1,
      commandTimeout: 2000,
      lazyConnect: true,
    });
    for (const client of [this.reader, this.commands]) client.on('error', () => undefined);
  }

  onApplicationShutdown(): void {
    this.reader.disconnect();
    this.commands.disconnect();
  }
}
