import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000000_delivery extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table delivery_zr.accounts (
        id uuid primary key,
        owner_id uuid not null,
        company text not null check (company in ('zrexpress')),
        store_name text not null,
        -- Sealed with SecretBox, bound to the account id; key_fingerprint (an HMAC) spots a repeat.
        api_key text not null,
        api_secret text not null,
        key_fingerprint text not null,
        created_at timestamptz not null default now(),
        constraint accounts_owner_key_unique unique (owner_id, key_fingerprint)
      )`);
    this.addSql(`create index accounts_owner on delivery_zr.accounts (owner_id, created_at)`);
    this.addSql(`
      create table delivery_zr.tariffs (
        account_id uuid primary key references delivery_zr.accounts (id) on delete cascade,
        entries jsonb not null,
        fetched_at timestamptz not null
      )`);
    this.addSql(`
      create table delivery_zr.saisie_jobs (
        id uuid primary key,
        owner_id uuid not null,
        owner_name text not null,
        store_ids uuid[] not null,
        order_ids uuid[] not null,
        -- The sorted order ids, hashed: a second click on the same selection finds the running job.
        selection_hash text not null,
        state text not null check (state in ('queued', 'active', 'completed', 'failed')),
        error text,
        created_at timestamptz not null default now(),
        finished_at timestamptz
      )`);
    this.addSql(`
      create unique index saisie_jobs_open_selection on delivery_zr.saisie_jobs (owner_id, selection_hash)
      where state in ('queued', 'active')`);
    this.addSql(`
      create table delivery_zr.saisie_outcomes (
        job_id uuid not null references delivery_zr.saisie_jobs (id) on delete cascade,
        order_id uuid not null,
        sent boolean not null,
        reason text,
        decided_at timestamptz not null default now(),
        primary key (job_id, order_id)
      )`);
    this.addSql(`
      create table delivery_zr.parcels (
        -- One row per order, ever: the claim that keeps an order from becoming two parcels.
        order_id uuid primary key,
        tracking text not null unique,
        account_id uuid not null,
        owner_id uuid not null,
        job_id uuid not null,
        state text not null check (state in ('sending', 'created', 'refused')),
        refusal text,
        carrier_state text,
        carrier_state_at timestamptz,
        reported_status text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`
      create index parcels_in_transit on delivery_zr.parcels (account_id, carrier_state_at nulls first)
      where state = 'created' and reported_status is distinct from 'livrée' and reported_status is distinct from 'retour'`);
  }
}
