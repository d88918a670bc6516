import { Migration } from '@mikro-orm/migrations';

/**
 * Summary rows for the owner's statistics, kept by the database itself: every statement that
 * inserts, changes or deletes orders (imports, edits, saisie, tracking, store removal) adjusts
 * them in the same transaction, so they can never drift from the orders they count.
 *
 * One row counts the orders of a store placed on one Algerian day (grain `d`) or in one month
 * (grain `m`, dated the 1st) that are in one status now, for one key of one dimension: `all`
 * (key ''), `wilaya` (where the order is delivered: its delivery choice's, else the one
 * recognised in the customer's address, '' when unknown), `agent` (who last set the status, '' for nobody) and
 * `product` (each different product of the order). A long period reads its whole months from the
 * month rows: a year is some thirty times fewer rows than its days.
 */
export class Migration20261124000000_statistics extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table orders.order_stats (
        store_id uuid not null,
        grain char(1) not null check (grain in ('d', 'm')),
        day date not null,
        dimension text not null check (dimension in ('all', 'wilaya', 'agent', 'product')),
        key text not null,
        status text not null,
        orders bigint not null,
        revenue numeric(16, 2) not null,
        primary key (store_id, grain, dimension, day, key, status)
      )`);
    // The name shown for an agent key: the latest one the agent set a status under.
    this.addSql(`
      create table orders.stat_agents (
        agent_id uuid primary key,
        name text not null
      )`);

    this.addSql(`
      create function orders.count_in_stats(removed orders.orders[], added orders.orders[])
      returns void language sql as $$
        with changed as (
          select o.*, -1 as sign from unnest(removed) o
          union all
          select o.*, 1 as sign from unnest(added) o
        ), keyed as (
          select c.store_id, (c.order_date at time zone 'Africa/Algiers')::date as day, k.dimension,
                 k.key, c.status, c.sign, c.total
          from changed c
          cross join lateral (
            values ('all', ''), ('wilaya', coalesce(c.delivery ->> 'wilaya', c.wilaya_code::text, '')),
                   ('agent', coalesce(c.status_by_id::text, ''))
            union
            select 'product', coalesce(item ->> 'productName', '') from jsonb_array_elements(c.items) item
          ) k(dimension, key)
        ), grained as (
          select keyed.*, 'd' as grain from keyed
          union all
          select store_id, date_trunc('month', day)::date, dimension, key, status, sign, total, 'm' from keyed
        )
        insert into orders.order_stats as s (store_id, grain, day, dimension, key, status, orders, revenue)
        select store_id, grain, day, dimension, key, status, sum(sign), sum(sign * total)
        from grained
        group by store_id, grain, day, dimension, key, status
        having sum(sign) <> 0 or sum(sign * total) <> 0
        -- One order of locking for every writer: concurrent imports never deadlock on these rows.
        order by store_id, grain, day, dimension, key, status
        on conflict (store_id, grain, day, dimension, key, status) do update
          set orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue;

        insert into orders.stat_agents (agent_id, name)
        select distinct on (status_by_id) status_by_id, status_by_name from unnest(added)
        where status_by_id is not null and status_by_name is not null
        order by status_by_id
        on conflict (agent_id) do update set name = excluded.name
          where orders.stat_agents.name is distinct from excluded.name;
      $$`);

    this.addSql(`
      create function orders.order_stats_trigger() returns trigger language plpgsql as $$
      declare
        removed orders.orders[] := '{}';
        added orders.orders[] := '{}';
      begin
        if tg_op = 'INSERT' then
          added := array(select n from new_rows n);
        elsif tg_op = 'DELETE' then
          -- A removed store's summary rows go with it at once (see removeStore): nothing to count.
          removed := array(select o from old_rows o
                           where not exists (select 1 from orders.removed_stores r where r.store_id = o.store_id));
        else
          -- Only the rows whose counted fields changed: a note or a delivery choice counts nothing.
          select coalesce(array_agg(o), '{}'), coalesce(array_agg(n), '{}') into removed, added
          from old_rows o join new_rows n on n.id = o.id
          where (o.store_id, o.order_date, o.status, o.status_by_id, o.status_by_name, o.wilaya_code,
                 o.delivery ->> 'wilaya', o.total, o.items)
                is distinct from
                (n.store_id, n.order_date, n.status, n.status_by_id, n.status_by_name, n.wilaya_code,
                 n.delivery ->> 'wilaya', n.total, n.items);
        end if;
        if cardinality(removed) > 0 or cardinality(added) > 0 then
          perform orders.count_in_stats(removed, added);
        end if;
        return null;
      end
      $$`);

    this.addSql(`
      create trigger order_stats_insert after insert on orders.orders
      referencing new table as new_rows
      for each statement execute function orders.order_stats_trigger()`);
    this.addSql(`
      create trigger order_stats_update after update on orders.orders
      referencing old table as old_rows new table as new_rows
      for each statement execute function orders.order_stats_trigger()`);
    this.addSql(`
      create trigger order_stats_delete after delete on orders.orders
      referencing old table as old_rows
      for each statement execute function orders.order_stats_trigger()`);

    this.addSql(`select orders.count_in_stats('{}', array(select o from orders.orders o))`);
  }
}
