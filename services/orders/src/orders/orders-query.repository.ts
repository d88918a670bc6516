import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { OrderHistoryView, OrderNoteView } from '@tawsil/contracts/orders';
import { ORDERS_PAGE_DEFAULT, phoneSearchTerm } from '@tawsil/contracts/orders';
import { blacklistedOf } from '../customers/customer-sql';
import type { Cursor } from './cursor';
import { presentHistory, presentNote, type HistoryRow, type NoteRow, type OrderRow } from './order.presenter';

/** A row of a page: the order, its notes, and its history when asked for. */
export interface PageRow extends OrderRow {
  notes: NoteRow[];
  history?: HistoryRow[];
}

/** Past this many matches a filtered count stops and says "at least". */
export const COUNT_CAP = 10_000;

export interface OrderFilters {
  storeIds: string[];
  q?: string;
  status?: string;
  wilayaCode?: number;
  from?: string;
  to?: string;
}

export const COLUMNS = `o.id, o.store_id as "storeId", o.ref, o.order_date as "orderDate",
  o.customer_name as "customerName", o.customer_phone as "customerPhone", o.region_raw as "regionRaw",
  o.wilaya_code as "wilayaCode", o.city, o.items, o.total, o.currency, o.status,
  o.status_by_name as "statusByName", o.delivery, o.version,
  o.attempts, o.callback_at as "callbackAt", o.claimed_by_id as "claimedById", o.claimed_by_name as "claimedByName",
  o.claimed_until as "claimedUntil", o.assigned_to_id as "assignedToId", o.assigned_to_name as "assignedToName"`;

/** What customer memory adds to a row: the phone it is known by and the order it may repeat. */
const CUSTOMER_COLUMNS = `o.phone_key as "phoneKey", o.duplicate_of as "duplicateOf"`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The orders list in plain SQL: per store, an index range scan newest first from the keyset
 * cursor, merged across the caller's stores (a `store_id = any(...)` sort would read them all).
 */
@Injectable()
export class OrdersQueryRepository {
  constructor(private readonly em: EntityManager) {}

  async page(
    filters: OrderFilters,
    cursor: Cursor | undefined,
    limit = ORDERS_PAGE_DEFAULT,
    withHistory = false,
  ): Promise<PageRow[]> {
    return this.read<PageRow>(pageQuery(filters, cursor, limit, withHistory));
  }

  /** Exact from the per-store counters when nothing narrows the list, else counted up to the cap. */
  async count(filters: OrderFilters): Promise<{ total: number; exact: boolean }> {
    if (!filters.q && !filters.status && !filters.wilayaCode && !filters.from && !filters.to) {
      const [row] = await this.read<{ total: string | null }>(exactCountQuery(filters.storeIds));
      return { total: Number(row?.total ?? 0), exact: true };
    }
    const [row] = await this.read<{ total: string }>(cappedCountQuery(filters));
    const total = Number(row.total);
    return total > COUNT_CAP ? { total: COUNT_CAP, exact: false } : { total, exact: true };
  }

  async matchingIds(filters: OrderFilters, cap: number): Promise<string[]> {
    const rows = await this.read<{ id: string }>(matchingIdsQuery(filters, cap));
    return rows.map((row) => row.id);
  }

  /** The blacklist entry of the store's owner for a phone, as `{reason}`, or null. */
  async blacklistEntryOf(
    storeId: string,
    phone: string,
    em?: EntityManager,
  ): Promise<{ reason: string } | null> {
    const [row] = await (em ?? this.em.fork()).execute<{ blacklisted: { reason: string } | null }[]>(
      `select ${blacklistedOf('phone')} from (select ?::uuid as "storeId", ?::text as "phoneKey") phone`,
      [storeId, phone],
    );
    return row?.blacklisted ?? null;
  }

  /** `em`: a transaction's, to read what it wrote before it commits. */
  async notesOf(orderIds: string[], em?: EntityManager): Promise<Map<string, OrderNoteView[]>> {
    const rows = await this.byOrder<NoteRow>(
      `select id, order_id as "orderId", message, created_at as "createdAt", user_id as "userId", user_name as "userName"
       from orders.order_notes where order_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
       order by created_at, id`,
      orderIds,
      em,
    );
    return group(rows, presentNote);
  }

  async historyOf(orderIds: string[], em?: EntityManager): Promise<Map<string, OrderHistoryView[]>> {
    const rows = await this.byOrder<HistoryRow>(
      `select order_id as "orderId", at, changes, user_id as "userId", user_name as "userName"
       from orders.order_history where order_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
       order by at, id`,
      orderIds,
      em,
    );
    return group(rows, presentHistory);
  }

  private byOrder<T>(sql: string, orderIds: string[], em?: EntityManager): Promise<T[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    const params = [JSON.stringify(orderIds)];
    return em ? em.execute<T[]>(sql, params) : this.read<T>({ sql, params });
  }

  /**
   * A read outside any unit of work, straight on the connection: a list call's rows are answered,
   * never managed, so a forked entity manager per query is work for nothing.
   */
  private read<T>({ sql, params }: SqlQuery): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }
}

function group<R extends { orderId: string }, V>(rows: R[], present: (row: R) => V): Map<string, V[]> {
  const byOrder = new Map<string, V[]>();
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(present(row));
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

function conditions(filters: OrderFilters) {
  const where = ['true'];
  const params: unknown[] = [];
  if (filters.q) {
    // Folded like search_text (lower case, no accents); a phone in any written form as stored.
    where.push(`o.search_text like orders.fold(?)`);
    params.push(`%${escapeLike(phoneSearchTerm(filters.q) ?? filters.q)}%`);
  }
  if (filters.status) {
    where.push('o.status = ?');
    params.push(filters.status);
  }
  if (filters.wilayaCode) {
    where.push('o.wilaya_code = ?');
    params.push(filters.wilayaCode);
  }
  if (filters.from) {
    where.push('o.order_date >= ?::timestamptz');
    params.push(filters.from);
  }
  if (filters.to) {
    where.push('o.order_date <= ?::timestamptz');
    params.push(filters.to);
  }
  return { where, params };
}

export interface SqlQuery {
  sql: string;
  params: unknown[];
}

const NOTES_OF_PAGE = `coalesce((
    select json_agg(json_build_object('id', n.id, 'orderId', n.order_id, 'message', n.message,
      'createdAt', n.created_at, 'userId', n.user_id, 'userName', n.user_name) order by n.created_at, n.id)
    from orders.order_notes n where n.order_id = page.id), '[]'::json) as notes`;

const HISTORY_OF_PAGE = `coalesce((
    select json_agg(json_build_object('orderId', h.order_id, 'at', h.at, 'changes', h.changes,
      'userId', h.user_id, 'userName', h.user_name) order by h.at, h.id)
    from orders.order_history h where h.order_id = page.id), '[]'::json) as history`;

/**
 * One page, newest first from the cursor: per store an index range scan, then merged; the notes
 * (and the history, for owners) of the page's orders only, in the same round trip.
 */
export function pageQuery(
  filters: OrderFilters,
  cursor: Cursor | undefined,
  limit: number,
  withHistory = false,
): SqlQuery {
  const { where, params } = conditions(filters);
  if (cursor) {
    where.push('(o.order_date, o.id) < (?::timestamptz, ?::uuid)');
    params.push(cursor.orderDate, cursor.id);
  }
  return {
    sql: `select page.*, ${blacklistedOf('page')}, ${NOTES_OF_PAGE}${withHistory ? `, ${HISTORY_OF_PAGE}` : ''}
      from (
        select merged.* from jsonb_array_elements_text(?::jsonb) as scope(store_id)
        cross join lateral (
          select ${COLUMNS}, ${CUSTOMER_COLUMNS} from orders.orders o
          where o.store_id = scope.store_id::uuid and ${where.join(' and ')}
          order by o.order_date desc, o.id desc
          limit ?
        ) merged
        order by merged."orderDate" desc, merged.id desc
        limit ?
      ) page
      order by page."orderDate" desc, page.id desc`,
    params: [JSON.stringify(filters.storeIds), ...params, limit, limit],
  };
}

/** How many orders the stores hold, from their counters. */
export function exactCountQuery(storeIds: string[]): SqlQuery {
  return {
    sql: `select sum(orders) as total from orders.store_order_counts
      where store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
    params: [JSON.stringify(storeIds)],
  };
}

/** How many orders match, reading at most COUNT_CAP + 1 of them. */
export function cappedCountQuery(filters: OrderFilters): SqlQuery {
  const { where, params } = conditions(filters);
  return {
    sql: `select count(*) as total from (
        select 1 from jsonb_array_elements_text(?::jsonb) as scope(store_id)
        cross join lateral (
          select 1 from orders.orders o
          where o.store_id = scope.store_id::uuid and ${where.join(' and ')}
          limit ${COUNT_CAP + 1}
        ) matches
        limit ${COUNT_CAP + 1}
      ) capped`,
    params: [JSON.stringify(filters.storeIds), ...params],
  };
}

/** The ids of the orders matching, newest first, at most `cap`: "select all" for bulk actions. */
export function matchingIdsQuery(filters: OrderFilters, cap: number): SqlQuery {
  const { where, params } = conditions(filters);
  return {
    sql: `select matches.id from jsonb_array_elements_text(?::jsonb) as scope(store_id)
      cross join lateral (
        select o.id, o.order_date from orders.orders o
        where o.store_id = scope.store_id::uuid and ${where.join(' and ')}
        order by o.order_date desc, o.id desc
        limit ${cap}
      ) matches
      order by matches.order_date desc, matches.id desc
      limit ${cap}`,
    params: [JSON.stringify(filters.storeIds), ...params],
  };
}
