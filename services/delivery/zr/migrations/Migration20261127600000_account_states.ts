import { Migration } from '@mikro-orm/migrations';

/**
 * Each account's table from its carrier's states to the product's statuses, which the owner may
 * adjust: one row per state (`state_key` its normalised spelling, the one lookups use), with the
 * product's default kept beside the owner's choice so "reset" needs no code. The account keeps
 * where its table came from, when it was read, and a version bumped on every change, which the
 * instances' caches compare against (every path that maps a state has just read the account).
 */
export class Migration20261127600000_account_states extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table delivery_zr.account_states (
        account_id uuid not null references delivery_zr.accounts (id) on delete cascade,
        state_key text not null,
        state text not null,
        label text not null,
        position integer not null,
        status text not null
          check (status in ('saisie', 'en cours de livraison', 'livrée', 'retour', 'ignored')),
        default_status text not null
          check (default_status in ('saisie', 'en cours de livraison', 'livrée', 'retour', 'ignored')),
        changed boolean not null default false,
        primary key (account_id, state_key)
      )`);
    this.addSql(`
      alter table delivery_zr.accounts
        add column states_source text check (states_source in ('carrier', 'defaults')),
        add column states_loaded_at timestamptz,
        add column states_version integer not null default 0`);
  }
}
