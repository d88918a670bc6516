import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { DeliveryZrConfig } from '../../config/delivery-zr.config';

/**
 * The Redis connection Yalidine's quotas are counted on, opened at the first call. A command that
 * cannot reach Redis fails after one reconnection attempt: the call then fails as the carrier
 * being unavailable, and saisie retries it like any other.
 */
@Injectable()
export class YalidineRedis implements OnModuleDestroy {
  private connection?: Redis;

  constructor(private readonly config: DeliveryZrConfig) {}

  get client(): Redis {
    this.connection ??= new Redis(this.config.REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      connectionName: 'delivery-zr:yalidine-quota',
    });
    return this.connection;
  }

  async onModuleDestroy(): Promise<void> {
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
