import { Migration } from '@mikro-orm/migrations';

export class Migration20261122200000_workspace extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm with schema public');
    this.addSql('create extension if not exists btree_gin with schema public');
    this.addSql(`
      alter table orders.orders
        add column status_by_id uuid,
        add column status_by_name text,
        -- What the search box matches: customer name, ref and first product name, lower-cased.
        add column search_text text generated always as (
          lower(customer_name || ' ' || ref || ' ' || first_product_name)) stored`);
    this.addSql(
      `create index orders_store_status_date on orders.orders (store_id, status, order_date desc, id desc)`,
    );
    this.addSql(
      `create index orders_store_wilaya_date on orders.orders (store_id, wilaya_code, order_date desc, id desc)`,
    );
    // Status and wilaya together, the filter an owner uses most: its matches are adjacent.
    this.addSql(
      `create index orders_store_status_wilaya_date on orders.orders (store_id, status, wilaya_code, order_date desc, id desc)`,
    );
    this.addSql(
      `create index orders_search on orders.orders using gin (store_id, search_text public.gin_trgm_ops)`,
    );
    this.addSql(`
      create table orders.order_notes (
        id uuid primary key default gen_random_uuid(),
        order_id uuid not null references orders.orders (id) on delete cascade,
        message text not null check (length(message) > 0),
        user_id uuid not null,
        user_name text not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index order_notes_order on orders.order_notes (order_id, created_at)`);
    this.addSql(`
      create table orders.order_history (
        id uuid primary key default gen_random_uuid(),
        order_id uuid not null references orders.orders (id) on delete cascade,
        at timestamptz not null default now(),
        changes text not null,
        user_id uuid not null,
        user_name text not null
      )`);
    this.addSql(`create index order_history_order on orders.order_history (order_id, at)`);
  }
}
