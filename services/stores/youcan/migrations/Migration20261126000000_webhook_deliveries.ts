import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000000_webhook_deliveries extends Migration {
  override async up(): Promise<void> {
    // Each webhook delivery handled, by store and SHA-256 of its bytes: a repeat stores nothing.
    // Kept WEBHOOK_DELIVERIES_KEPT_DAYS, then swept.
    this.addSql(`
      create table stores_youcan.webhook_deliveries (
        store_id uuid not null,
        delivery_id text not null,
        received_at timestamptz not null default now(),
        primary key (store_id, delivery_id)
      )`);
    this.addSql(
      'create index webhook_deliveries_received_at on stores_youcan.webhook_deliveries (received_at)',
    );
    // SHA-256 of the keyed address YouCan delivers to: null (every store linked before keys) or
    // another address (PUBLIC_URL or the client secret changed) has the store subscribed again.
    this.addSql('alter table stores_youcan.stores add column webhook_target_digest text');
  }
}
