import { Migration } from '@mikro-orm/migrations';

export class Migration20261122100000_orders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table orders.orders (
        id uuid primary key default gen_random_uuid(),
        store_id uuid not null,
        external_id text not null,
        ref text not null,
        order_date timestamptz not null,
        source_updated_at timestamptz not null,
        customer_name text not null,
        customer_phone text not null,
        region_raw text not null,
        wilaya_code smallint check (wilaya_code between 1 and 58),
        city text not null,
        items jsonb not null,
        first_product_name text not null,
        quantity integer not null,
        total numeric(12, 2) not null,
        currency text not null,
        status text not null default 'pending' check (status in (
          'pending', 'pas de réponse', 'confirmé', 'annulée', 'saisie', 'test', 'reporté', 'livrée',
          'en cours de livraison', 'retour')),
        delivery jsonb,
        -- Fields an agent corrected here: a later copy from the store never overwrites them.
        edited_fields text[] not null default '{}',
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint orders_store_external_unique unique (store_id, external_id)
      )`);
    this.addSql(`create index orders_store_date on orders.orders (store_id, order_date desc, id desc)`);
    this.addSql(`
      create table orders.store_order_counts (
        store_id uuid primary key,
        orders bigint not null default 0 check (orders >= 0)
      )`);
    // A removed store's late deliveries must not bring its orders back.
    this.addSql(`
      create table orders.removed_stores (
        store_id uuid primary key,
        removed_at timestamptz not null default now()
      )`);
  }
}
