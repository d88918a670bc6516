import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts of ZR's current API get a webhook endpoint at ZR: its id, the address it was registered
 * for (a new PUBLIC_URL registers it again), and its Svix signing secret sealed like the other
 * credentials. Each delivery's `svix-id` is kept per account, so a delivery Svix retries is applied
 * once; rows go with their account, or after a week (the zr-webhook-deliveries sweep).
 */
export class Migration20261127500000_zr_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table delivery_zr.accounts
        add column webhook_endpoint_id text,
        add column webhook_url text,
        add column webhook_secret text`);
    this.addSql(`
      create table delivery_zr.webhook_deliveries (
        account_id uuid not null references delivery_zr.accounts (id) on delete cascade,
        svix_id text not null,
        event_type text not null,
        received_at timestamptz not null default now(),
        primary key (account_id, svix_id)
      )`);
    this.addSql(`create index webhook_deliveries_received on delivery_zr.webhook_deliveries (received_at)`);
  }
}
