import type { StoreSettingsView } from '@tawsil/contracts/orders';
import { COLUMNS, type SqlQuery } from '../orders/orders-query.repository';

/** Whose queue: an agent sees their own orders in assigned modes, an owner every order. */
export interface QueueCaller {
  userId: string;
  isOwner: boolean;
}

/** 1 callbacks whose time has come, 2 new orders, 3 unanswered orders due for another call. */
export type Bucket = 1 | 2 | 3;

const FREE = '(o.claimed_until is null or o.claimed_until <= now())';

/**
 * Which of a store's orders are the caller's: nobody's in shared mode (the index of new orders
 * holds exactly those), the caller's in assigned modes, and every order for the owner there.
 */
function assignee(store: StoreSettingsView, caller: QueueCaller, params: unknown[]): string {
  if (store.assignment === 'shared') return 'o.assigned_to_id is null';
  if (caller.isOwner) return 'true';
  params.push(caller.userId);
  return 'o.assigned_to_id = ?::uuid';
}

/**
 * Per store and bucket, an index range scan in the bucket's order, at most `perBucket` rows:
 * `id, bucket, key, assignee` of the orders the caller would be handed.
 */
function candidates(
  stores: StoreSettingsView[],
  caller: QueueCaller,
  perBucket: number,
  claim: { sql: string; params: unknown[] },
): SqlQuery {
  const params: unknown[] = [];
  const branches = stores.flatMap((store) => {
    const branch = (bucket: Bucket, key: string, where: (p: unknown[]) => string) => {
      params.push(store.storeId);
      const conditions = where(params);
      const mine = assignee(store, caller, params);
      params.push(...claim.params, perBucket);
      return `(select o.id, ${bucket} as bucket, ${key} as key, o.assigned_to_id as assignee from orders.orders o
        where o.store_id = ?::uuid and ${conditions} and ${mine} and ${claim.sql}
        order by ${key}, o.id limit ?)`;
    };
    return [
      branch(1, 'o.callback_at', () => `o.status = 'reporté' and o.callback_at <= now()`),
      branch(2, 'o.order_date', () => `o.status = 'pending'`),
      branch(3, 'o.last_attempt_at', (p) => {
        p.push(store.retryDelayMinutes);
        return `o.status = 'pas de réponse' and o.last_attempt_at <= now() - make_interval(mins => ?::int)`;
      }),
    ];
  });
  return { sql: branches.join('\n union all\n'), params };
}

/** The caller's queue, first `limit` orders, in order; orders another agent is on are left out. */
export function queueQuery(stores: StoreSettingsView[], caller: QueueCaller, limit: number): SqlQuery {
  const inner = candidates(stores, caller, limit, {
    sql: `(${FREE} or o.claimed_by_id = ?::uuid)`,
    params: [caller.userId],
  });
  return {
    sql: `with picked as (
        select id, bucket, key from (${inner.sql}) c order by bucket, key, id limit ?)
      select ${COLUMNS}, picked.bucket from picked join orders.orders o on o.id = picked.id
      order by picked.bucket, picked.key, picked.id`,
    params: [...inner.params, limit],
  };
}

/**
 * The next order of the caller's queue, claimed for them, in one statement: the candidates in
 * queue order, then the first one nobody else is locking (`for update skip locked`) and that,
 * read again once locked, is still free and still in its bucket.
 */
export function nextQuery(
  stores: StoreSettingsView[],
  caller: QueueCaller & { name: string },
  perBucket: number,
): SqlQuery {
  const inner = candidates(stores, caller, perBucket, { sql: FREE, params: [] });
  return {
    sql: `update orders.orders o set claimed_by_id = ?::uuid, claimed_by_name = ?,
        claimed_until = now() + make_interval(mins => coalesce(
          (select s.claim_minutes from orders.store_settings s where s.store_id = o.store_id), 10))
      where o.id = (
        select t.id from (
          select id, bucket, key, assignee from (${inner.sql}) c order by bucket, key, id limit ?
        ) ranked
        join orders.orders t on t.id = ranked.id
        where (t.claimed_until is null or t.claimed_until <= now())
          and t.assigned_to_id is not distinct from ranked.assignee
          and case ranked.bucket
            when 1 then t.status = 'reporté' and t.callback_at <= now()
            when 2 then t.status = 'pending'
            else t.status = 'pas de réponse' and t.last_attempt_at = ranked.key end
        order by ranked.bucket, ranked.key, ranked.id
        limit 1
        for update of t skip locked)
      returning ${COLUMNS}`,
    params: [caller.userId, caller.name, ...inner.params, perBucket],
  };
}

/** Per bucket, how many of the caller's orders wait (orders another agent is on included). */
export function countsQuery(stores: StoreSettingsView[], caller: QueueCaller): SqlQuery {
  const params: unknown[] = [];
  const parts = stores.map((store) => {
    const count = (where: string, extra: unknown[] = []) => {
      params.push(store.storeId, ...extra);
      const mine = assignee(store, caller, params);
      return `(select count(*) from orders.orders o where o.store_id = ?::uuid and ${where} and ${mine})`;
    };
    return `select ${count(`o.status = 'reporté'`)} as callbacks,
      ${count(`o.status = 'pending'`)} as new,
      ${count(`o.status = 'pas de réponse' and o.last_attempt_at <= now() - make_interval(mins => ?::int)`, [store.retryDelayMinutes])} as retry,
      ${count(`o.status = 'reporté' and o.callback_at <= now()`)} as overdue`;
  });
  return {
    sql: `select coalesce(sum(callbacks), 0)::int as callbacks, coalesce(sum(new), 0)::int as new,
        coalesce(sum(retry), 0)::int as retry, coalesce(sum(overdue), 0)::int as overdue
      from (${parts.join('\n union all\n')}) per_store`,
    params,
  };
}
