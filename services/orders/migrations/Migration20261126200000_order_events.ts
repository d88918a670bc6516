import { Migration } from '@mikro-orm/migrations';

/** The channel the relay listens on; a notification only says "there is something to relay". */
export const ORDER_EVENTS_CHANNEL = 'orders_order_events';

/**
 * A transactional outbox of live events: every statement that inserts, changes or deletes orders
 * (imports, webhooks, edits, claims, delivery, saisie, tracking, bulk deletes), and every note,
 * writes one compact row per order in the same transaction. The relay publishes the rows to
 * Redis once committed and deletes them, so an event is never published for a change that was
 * rolled back, and never lost for one that was committed.
 *
 * The rows are built from the whole row as JSON, so the columns later migrations add (claims,
 * attempts, assignment) need no change here: a claim is read from the columns whose names start
 * with `claim`, and a change of those alone is a `claimed` or `released` event.
 */
export class Migration20261126200000_order_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table orders.order_events (
        id bigint generated always as identity primary key,
        store_id uuid not null,
        order_id uuid not null,
        type text not null check (type in ('created', 'changed', 'claimed', 'released', 'deleted')),
        status text,
        claim jsonb,
        created_at timestamptz not null default now()
      )`);

    // Who holds the order, in the event's shape; null when the table keeps no claim or nobody holds it.
    this.addSql(`
      create function orders.order_event_claim(o jsonb) returns jsonb language sql immutable as $$
        select case when holder is null then null else jsonb_build_object(
          'userId', holder,
          'name', coalesce(o ->> 'claimed_by_name', o ->> 'claim_user_name', o ->> 'claim_name'),
          'until', coalesce(o ->> 'claimed_until', o ->> 'claim_until', o ->> 'claim_expires_at'))
        end
        from (select coalesce(o ->> 'claimed_by_id', o ->> 'claim_user_id', o ->> 'claimed_by',
                              o ->> 'claim_by_id') as holder) h
      $$`);
    // The claim columns of a row, whatever they are called.
    this.addSql(`
      create function orders.order_event_claim_part(o jsonb) returns jsonb language sql immutable as $$
        select coalesce(jsonb_object_agg(key, value), '{}') from jsonb_each(o) where key like 'claim%'
      $$`);
    // The rest of the row, where any difference is a change an agent sees.
    this.addSql(`
      create function orders.order_event_rest(o jsonb) returns jsonb language sql immutable as $$
        select o - array['updated_at', 'version']
                 - coalesce((select array_agg(key) from jsonb_object_keys(o) key where key like 'claim%'), '{}')
      $$`);

    this.addSql(`
      create function orders.order_events_trigger() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into orders.order_events (store_id, order_id, type, status, claim)
          select n.store_id, n.id, 'created', n.status, orders.order_event_claim(to_jsonb(n))
          from new_rows n order by n.id;
        elsif tg_op = 'DELETE' then
          -- A removed store's orders go unannounced: nobody reaches them any more.
          insert into orders.order_events (store_id, order_id, type)
          select o.store_id, o.id, 'deleted' from old_rows o
          where not exists (select 1 from orders.removed_stores r where r.store_id = o.store_id)
          order by o.id;
        else
          insert into orders.order_events (store_id, order_id, type, status, claim)
          select n.store_id, n.id, e.type, n.status, orders.order_event_claim(j.new_row)
          from old_rows o join new_rows n on n.id = o.id
          cross join lateral (select to_jsonb(o) as old_row, to_jsonb(n) as new_row) j
          cross join lateral (select case
            when orders.order_event_rest(j.old_row) is distinct from orders.order_event_rest(j.new_row)
              then 'changed'
            when orders.order_event_claim_part(j.old_row) is distinct from orders.order_event_claim_part(j.new_row)
              then case when orders.order_event_claim(j.new_row) is null then 'released' else 'claimed' end
          end as type) e
          where e.type is not null
          order by n.id;
        end if;
        if found then
          perform pg_notify('${ORDER_EVENTS_CHANNEL}', '');
        end if;
        return null;
      end
      $$`);
    this.addSql(`
      create trigger order_events_insert after insert on orders.orders
      referencing new table as new_rows
      for each statement execute function orders.order_events_trigger()`);
    this.addSql(`
      create trigger order_events_update after update on orders.orders
      referencing old table as old_rows new table as new_rows
      for each statement execute function orders.order_events_trigger()`);
    this.addSql(`
      create trigger order_events_delete after delete on orders.orders
      referencing old table as old_rows
      for each statement execute function orders.order_events_trigger()`);

    // A note changes what the order shows without touching its row.
    this.addSql(`
      create function orders.order_note_events_trigger() returns trigger language plpgsql as $$
      begin
        insert into orders.order_events (store_id, order_id, type, status, claim)
        select o.store_id, o.id, 'changed', o.status, orders.order_event_claim(to_jsonb(o))
        from orders.orders o where o.id in (select order_id from new_rows)
        order by o.id;
        if found then
          perform pg_notify('${ORDER_EVENTS_CHANNEL}', '');
        end if;
        return null;
      end
      $$`);
    this.addSql(`
      create trigger order_note_events_insert after insert on orders.order_notes
      referencing new table as new_rows
      for each statement execute function orders.order_note_events_trigger()`);
  }
}
