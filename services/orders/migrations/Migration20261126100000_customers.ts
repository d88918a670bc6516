import { Migration } from '@mikro-orm/migrations';
import { normalizePhone } from '@tawsil/contracts/orders';

const BATCH = 5_000;

type Execute = (sql: string, params?: unknown[]) => Promise<unknown[]>;

/** Orders imported before: their phones rewritten by the same function imports now use, 5,000 at a time. */
export async function normalizeStoredPhones(execute: Execute): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = (await execute(
      'select id, customer_phone as phone from orders.orders where id > ? order by id limit ?',
      [after, BATCH],
    )) as { id: string; phone: string }[];
    if (rows.length === 0) return;
    const changed = rows
      .map((row) => ({ id: row.id, phone: normalizePhone(row.phone) }))
      .filter((row, i) => row.phone !== rows[i].phone);
    if (changed.length)
      await execute(
        `update orders.orders o set customer_phone = c.phone
         from jsonb_to_recordset(?::jsonb) as c(id uuid, phone text) where o.id = c.id`,
        [JSON.stringify(changed)],
      );
    after = rows[rows.length - 1].id;
  }
}

/**
 * Customer memory: phones written one way (0XXXXXXXXX) with a key to find a customer's orders by,
 * duplicates linked to the open order they may repeat, the owners' blacklists, which owner each
 * store belongs to, and a search over name, ref, phone and every product line that ignores accents.
 */
export class Migration20261126100000_customers extends Migration {
  override async up(): Promise<void> {
    await normalizeStoredPhones((sql, params) => this.execute(sql, params));

    await this.execute('create extension if not exists unaccent with schema public');
    // unaccent() is only stable (its dictionary could change); pinned to one dictionary it is not.
    await this.execute(`
      create function orders.fold(text) returns text language sql immutable strict parallel safe as $$
        select lower(public.unaccent('public.unaccent'::regdictionary, $1))
      $$`);
    await this.execute(`
      create function orders.search_text_of(name text, ref text, phone text, items jsonb)
      returns text language sql immutable parallel safe as $$
        select orders.fold(concat_ws(' ', name, ref, phone,
          (select string_agg(item ->> 'productName', ' ')
           from jsonb_array_elements(case jsonb_typeof(items) when 'array' then items else '[]' end) item)))
      $$`);
    await this.execute('drop index orders.orders_search');
    await this.execute(`
      alter table orders.orders
        drop column search_text,
        -- What the search box matches, folded: customer name, ref, phone and every product line.
        add column search_text text generated always as (
          orders.search_text_of(customer_name, ref, customer_phone, items)) stored,
        -- The phone a customer is known by, when it is an Algerian number (phone.ts NORMALIZED_PHONE).
        add column phone_key text generated always as (
          case when customer_phone ~ '^(0[567][0-9]{8}|0[234][0-9]{7})$' then customer_phone end) stored,
        -- The open order of the same customer (same owner, 7 days before) this one may repeat.
        add column duplicate_of uuid references orders.orders (id) on delete set null`);
    await this.execute(
      `create index orders_search on orders.orders using gin (store_id, search_text public.gin_trgm_ops)`,
    );
    await this.execute(
      `create index orders_phone_key on orders.orders (phone_key, order_date desc) where phone_key is not null`,
    );
    // Deleting an order clears the links to it: without this index each delete would scan the table.
    await this.execute(
      `create index orders_duplicate_of on orders.orders (duplicate_of) where duplicate_of is not null`,
    );

    await this.execute(`
      create table orders.store_owners (
        store_id uuid primary key,
        owner_id uuid not null
      )`);
    await this.execute('create index store_owners_owner on orders.store_owners (owner_id)');
    await this.execute(`
      create table orders.blacklist (
        id uuid primary key default gen_random_uuid(),
        owner_id uuid not null,
        phone text not null,
        reason text not null,
        created_at timestamptz not null default now(),
        constraint blacklist_owner_phone_unique unique (owner_id, phone)
      )`);
  }
}
