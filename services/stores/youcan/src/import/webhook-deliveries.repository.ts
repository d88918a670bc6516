import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { StoresYoucanConfig } from '../config/stores-youcan.config';

/**
 * The webhook deliveries handled, by store and SHA-256 of their bytes, kept
 * WEBHOOK_DELIVERIES_KEPT_DAYS: the same delivery again (a retry, a replay) stores nothing new.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly config: StoresYoucanConfig,
  ) {}

  async seen(storeId: string, deliveryId: string): Promise<boolean> {
    const rows = await this.em
      .fork()
      .execute('select 1 from stores_youcan.webhook_deliveries where store_id = ? and delivery_id = ?', [
        storeId,
        deliveryId,
      ]);
    return rows.length > 0;
  }

  /** Recorded once the delivery is handled, so a delivery whose handling failed is tried again. */
  async remember(storeId: string, deliveryId: string): Promise<void> {
    await this.em
      .fork()
      .execute(
        'insert into stores_youcan.webhook_deliveries (store_id, delivery_id) values (?, ?) on conflict do nothing',
        [storeId, deliveryId],
      );
  }

  async forgetOld(): Promise<{ forgotten: number }> {
    const result = await this.em
      .fork()
      .execute(
        `delete from stores_youcan.webhook_deliveries where received_at < now() - make_interval(days => ?)`,
        [this.config.WEBHOOK_DELIVERIES_KEPT_DAYS],
        'run',
      );
    return { forgotten: (result as { affectedRows?: number }).affectedRows ?? 0 };
  }
}
