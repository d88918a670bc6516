import { Migration } from '@mikro-orm/migrations';

export class Migration20261122100000_memberships extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table identity.memberships (
        confirmateur_id uuid not null references identity.users (id) on delete cascade,
        store_id uuid not null,
        owner_id uuid not null references identity.users (id) on delete cascade,
        created_at timestamptz not null default now(),
        primary key (confirmateur_id, store_id)
      )`);
    this.addSql(`create index memberships_store on identity.memberships (store_id)`);
    this.addSql(`create index memberships_owner on identity.memberships (owner_id)`);
  }
}
