import { Migration } from '@mikro-orm/migrations';

export class Migration20261126100000_link_attempts extends Migration {
  override async up(): Promise<void> {
    // A store-link attempt, completed at most once, by the browser holding the nonce whose hash is
    // kept here. The PKCE code_verifier is sealed with AES-256-GCM (ENCRYPTION_KEY), bound to the id.
    this.addSql(`
      create table stores_youcan.link_attempts (
        id uuid primary key,
        state text not null,
        owner_id uuid not null,
        storename text not null,
        nonce_hash text not null,
        code_verifier text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz,
        constraint link_attempts_state_unique unique (state)
      )`);
    this.addSql(`create index link_attempts_expires on stores_youcan.link_attempts (expires_at)`);
  }
}
