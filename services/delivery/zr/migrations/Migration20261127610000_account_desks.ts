import { Migration } from '@mikro-orm/migrations';

/**
 * The last stop-desk list read from each account's carrier (ZR's hubs, Yalidine's centers), kept
 * a day like the tariffs and served when the carrier cannot be reached.
 */
export class Migration20261127610000_account_desks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table delivery_zr.desks (
        account_id uuid primary key references delivery_zr.accounts (id) on delete cascade,
        entries jsonb not null,
        fetched_at timestamptz not null
      )`);
  }
}
