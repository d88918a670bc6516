import { Migration } from '@mikro-orm/migrations';

export class Migration20261126100000_invitations extends Migration {
  override async up(): Promise<void> {
    // Only the SHA-256 of a link's token is kept: the database cannot hand out working links.
    this.addSql(`
      create table identity.invitations (
        id uuid primary key,
        store_id uuid not null,
        store_name text not null,
        email text not null,
        token_hash text not null unique,
        invited_by uuid not null references identity.users (id) on delete cascade,
        invited_at timestamptz not null default now(),
        expires_at timestamptz not null,
        accepted_at timestamptz,
        accepted_by uuid references identity.users (id) on delete set null,
        revoked_at timestamptz
      )`);
    // One pending invitation per address and store: inviting again renews it.
    this.addSql(`
      create unique index invitations_pending on identity.invitations (store_id, email)
        where accepted_at is null and revoked_at is null`);
    this.addSql(`create index invitations_inviter on identity.invitations (invited_by)`);
  }
}
