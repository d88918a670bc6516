import { Migration } from '@mikro-orm/migrations';

export class Migration20261122100000_stores extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table stores_youcan.stores (
        id uuid primary key,
        owner_id uuid not null,
        name text not null,
        youcan_store_id text not null,
        -- Tokens are sealed with AES-256-GCM (ENCRYPTION_KEY), bound to the row id.
        access_token text not null,
        refresh_token text,
        token_expires_at timestamptz not null,
        webhook_ids jsonb not null default '[]',
        sync_state text not null check (sync_state in ('importing', 'synced', 'failed')),
        imported integer not null default 0,
        total integer,
        next_page integer not null default 1,
        last_sync_at timestamptz,
        last_error text,
        created_at timestamptz not null default now(),
        constraint stores_youcan_store_unique unique (youcan_store_id)
      )`);
    this.addSql(`create index stores_owner on stores_youcan.stores (owner_id, created_at)`);
  }
}
