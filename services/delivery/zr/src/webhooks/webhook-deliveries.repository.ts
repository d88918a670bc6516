import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** Svix and Yalidine stop retrying within days: a week later an id can be forgotten. */
const KEPT_DAYS = 7;

/**
 * `delivery_zr.webhook_deliveries`: the ids of deliveries received per account, so a retry does
 * nothing twice: ZR's `svix-id`s, and the `event_id` of each event in a Yalidine batch (an account
 * is of one carrier, so its ids never mix).
 */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly em: EntityManager) {}

  /** The zr-webhook-deliveries sweep. */
  async forgetOld(): Promise<{ forgotten: number }> {
    const result = await this.em
      .fork()
      .execute(
        `delete from delivery_zr.webhook_deliveries where received_at < now() - make_interval(days => ?)`,
        [KEPT_DAYS],
        'run',
      );
    return { forgotten: (result as { affectedRows?: number }).affectedRows ?? 0 };
  }

  /**
   * Records the delivery in the caller's transaction; false when the account already has it. A
   * concurrent retry waits on the key until the first commits, then finds it.
   */
  async record(em: EntityManager, accountId: string, svixId: string, eventType: string): Promise<boolean> {
    const inserted = await em.execute<{ svix_id: string }[]>(
      `insert into delivery_zr.webhook_deliveries (account_id, svix_id, event_type) values (?, ?, ?)
       on conflict (account_id, svix_id) do nothing returning svix_id`,
      [accountId, svixId, eventType],
    );
    return inserted.length > 0;
  }
}
