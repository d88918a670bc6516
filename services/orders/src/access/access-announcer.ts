import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  ACCESS_CHANGES_STREAM,
  ACCESS_CHANGES_STREAM_LENGTH,
  type AccessChange,
} from '@tawsil/contracts/orders';
import { Redis } from 'ioredis';
import { OrdersConfig } from '../config/orders.config';

/**
 * Announces on `access:changed`, after the commit, whose stores changed, so every gateway checks
 * the live streams it holds at once instead of at its next periodic check (docs/live-updates.md).
 */
@Injectable()
export class AccessAnnouncer implements OnApplicationShutdown {
  private readonly logger = new Logger(AccessAnnouncer.name);
  private readonly redis: Redis;

  constructor(config: OrdersConfig) {
    this.redis = new Redis(config.REDIS_URL, {
      maxRetriesPerRequest: 2,
      commandTimeout: 2000,
      lazyConnect: true,
    });
    this.redis.on('error', () => undefined);
  }

  /**
   * Never throws: the change is committed either way, and a gateway that missed the announcement
   * still drops the store at its periodic check.
   */
  async announce(changes: AccessChange[]): Promise<void> {
    if (changes.length === 0) return;
    try {
      const batch = this.redis.multi();
      for (const change of changes)
        batch.xadd(
          ACCESS_CHANGES_STREAM,
          'MAXLEN',
          '~',
          ACCESS_CHANGES_STREAM_LENGTH,
          '*',
          ...Object.entries(change).flat(),
        );
      const failed = ((await batch.exec()) ?? []).find(([error]) => error);
      if (failed) throw failed[0];
    } catch (error) {
      this.logger.warn(
        { err: (error as Error).message, changes: changes.length },
        'Access changes not announced to the gateways; their periodic check will apply them',
      );
    }
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
