import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_users extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema if not exists identity`);
    this.addSql(`
      create table identity.users (
        id uuid primary key,
        name text not null,
        email text not null,
        password_hash text not null,
        type text not null check (type in ('owner', 'confirmateur')),
        created_at timestamptz not null default now(),
        constraint users_email_unique unique (email),
        constraint users_email_lowercase check (email = lower(email))
      )`);
  }
}
