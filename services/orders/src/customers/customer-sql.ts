import { OPEN_STATUSES } from './open-statuses';

/**
 * Which owner each store belongs to (orders.store_owners), learnt from every import (the job
 * names the store's owner) and from every blacklist call of an owner (its stores are its own).
 * Params: owner id, JSON list of store ids.
 */
export const REMEMBER_STORE_OWNER = `
  insert into orders.store_owners (store_id, owner_id)
  select store.id::uuid, owner.id
  from (select ?::uuid as id) owner, jsonb_array_elements_text(?::jsonb) as store(id)
  on conflict (store_id) do update set owner_id = excluded.owner_id
    where orders.store_owners.owner_id <> excluded.owner_id`;

/** The stores of the same owner as the store in `storeColumn` (itself included, even when its owner is not known yet). */
const sameOwnerStores = (storeColumn: string) => `(
  select ${storeColumn}
  union
  select theirs.store_id from orders.store_owners this
  join orders.store_owners theirs on theirs.owner_id = this.owner_id
  where this.store_id = ${storeColumn})`;

const OPEN = OPEN_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * Links each order this transaction inserted (created_at = now(), the transaction's start) to the
 * latest open order of the same phone in the same owner's stores placed in the 7 days before it.
 * Params: store id, JSON list of the batch's external ids.
 */
export const FLAG_DUPLICATES = `
  update orders.orders n set duplicate_of = earlier.id
  from orders.orders fresh
  cross join lateral (
    select o.id from orders.orders o
    where o.phone_key = fresh.phone_key
      and o.status in (${OPEN})
      and o.order_date >= fresh.order_date - interval '7 days'
      and (o.order_date, o.id) < (fresh.order_date, fresh.id)
      and o.store_id in ${sameOwnerStores('fresh.store_id')}
    order by o.order_date desc, o.id desc
    limit 1
  ) earlier
  where n.id = fresh.id
    and fresh.store_id = ?::uuid
    and fresh.external_id in (select jsonb_array_elements_text(?::jsonb))
    and fresh.created_at = now()
    and fresh.phone_key is not null`;

/** The owner's blacklist entry for a row's phone, as `{reason}` or null; the row has "storeId" and "phoneKey". */
export const blacklistedOf = (row: string) => `(
    select json_build_object('reason', b.reason)
    from orders.store_owners so
    join orders.blacklist b on b.owner_id = so.owner_id
    where so.store_id = ${row}."storeId" and b.phone = ${row}."phoneKey") as blacklisted`;
