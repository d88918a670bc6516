import { Migration } from '@mikro-orm/migrations';

export class Migration20261126100000_sessions extends Migration {
  override async up(): Promise<void> {
    // One row per sign-in. Only hashes of the refresh secrets are kept: the current one, and the
    // one it replaced (a tab that refreshed at the same moment is told to retry, not signed out).
    this.addSql(`
      create table identity.sessions (
        id uuid primary key,
        user_id uuid not null references identity.users (id) on delete cascade,
        refresh_hash text not null,
        previous_refresh_hash text,
        rotated_at timestamptz,
        user_agent text not null default '',
        created_at timestamptz not null default now(),
        last_used_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz
      )`);
    this.addSql(`create index sessions_user on identity.sessions (user_id)`);
    // Password-reset links: the SHA-256 of the token only, single use, 30 minutes.
    this.addSql(`
      create table identity.password_resets (
        token_hash text primary key,
        user_id uuid not null references identity.users (id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      )`);
    this.addSql(`create index password_resets_user on identity.password_resets (user_id, created_at)`);
  }
}
