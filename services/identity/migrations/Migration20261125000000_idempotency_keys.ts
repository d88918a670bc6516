import { Migration } from '@mikro-orm/migrations';

/** Each write's idempotency key and answer, written in the same transaction as the write. */
export class Migration20261125000000_idempotency_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table identity.idempotency_keys (
        key text not null,
        pattern text not null,
        request_hash text not null,
        status text not null default 'running' check (status in ('running', 'completed')),
        answer jsonb,
        created_at timestamptz not null default now(),
        primary key (key, pattern)
      )`);
    this.addSql(`create index idempotency_keys_created_at on identity.idempotency_keys (created_at)`);
  }
}
