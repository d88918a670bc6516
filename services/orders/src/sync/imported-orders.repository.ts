import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { normalizePhone, type ImportedOrder } from '@tawsil/contracts/orders';
import { classifySqlError, stripControlCharactersDeep } from '@tawsil/nest-common';
import { FLAG_DUPLICATES, REMEMBER_STORE_OWNER } from '../customers/customer-sql';

/** A store's orders are written under a shared lock and removed under an exclusive one. */
const STORE_LOCK = 'select pg_advisory_xact_lock_shared(hashtext(?))';
const STORE_LOCK_EXCLUSIVE = 'select pg_advisory_xact_lock(hashtext(?))';

/** Keeps an agent's correction over the store's copy of the same field. */
const unlessEdited = (column: string, field = column) =>
  `${column} = case when '${field}' = any(o.edited_fields) then o.${column} else excluded.${column} end`;

const UPSERT = `
  with incoming as (
    select distinct on (external_id) *
    from jsonb_to_recordset(?::jsonb) as x(
      external_id text, ref text, order_date timestamptz, source_updated_at timestamptz,
      customer_name text, customer_phone text, region_raw text, wilaya_code smallint, city text,
      items jsonb, first_product_name text, quantity integer, total numeric, currency text)
    order by external_id, source_updated_at desc
  ),
  written as (
    insert into orders.orders as o (
      store_id, external_id, ref, order_date, source_updated_at, customer_name, customer_phone,
      region_raw, wilaya_code, city, items, first_product_name, quantity, total, currency)
    select ?::uuid, external_id, ref, order_date, source_updated_at, customer_name, customer_phone,
      region_raw, wilaya_code, city, items, first_product_name, quantity, total, currency
    from incoming
    where not exists (select 1 from orders.removed_stores r where r.store_id = ?::uuid)
    on conflict (store_id, external_id) do update set
      ref = excluded.ref,
      order_date = excluded.order_date,
      source_updated_at = excluded.source_updated_at,
      ${unlessEdited('customer_name')},
      ${unlessEdited('customer_phone')},
      ${unlessEdited('region_raw', 'region')},
      ${unlessEdited('wilaya_code', 'region')},
      ${unlessEdited('city')},
      ${unlessEdited('items', 'quantity')},
      ${unlessEdited('quantity')},
      first_product_name = excluded.first_product_name,
      total = excluded.total,
      currency = excluded.currency,
      version = o.version + 1,
      updated_at = now()
    -- A late or repeated copy of the order never rolls it back.
    where excluded.source_updated_at > o.source_updated_at
    returning (xmax = 0) as inserted
  ),
  counted as (
    insert into orders.store_order_counts as c (store_id, orders)
    select ?::uuid, count(*) filter (where inserted) from written
    on conflict (store_id) do update set orders = c.orders + excluded.orders
    returning orders
  )
  select (select count(*) filter (where inserted) from written)::int as inserted,
         (select count(*) filter (where not inserted) from written)::int as updated`;

export interface UpsertOutcome {
  inserted: number;
  updated: number;
  /** Orders PostgreSQL refused (a value it cannot take), left out so the others are stored. */
  refused?: number;
}

const toRow = (order: ImportedOrder) => ({
  external_id: order.externalId,
  ref: order.ref,
  order_date: order.orderDate,
  source_updated_at: order.sourceUpdatedAt,
  customer_name: order.customer.fullName,
  customer_phone: normalizePhone(order.customer.phone),
  region_raw: order.customer.regionRaw,
  wilaya_code: order.customer.wilayaCode,
  city: order.customer.city,
  items: order.items,
  first_product_name: order.items[0]?.productName ?? '',
  quantity: order.items[0]?.quantity ?? 0,
  total: order.total,
  currency: order.currency,
});

@Injectable()
export class ImportedOrdersRepository {
  private readonly logger = new Logger(ImportedOrdersRepository.name);

  constructor(private readonly em: EntityManager) {}

  /**
   * Inserts new orders and refreshes known ones by (store, external id), in one statement, then
   * links each new order to the open order of the same customer it may duplicate. Text arrives
   * without control characters; should PostgreSQL still refuse a value, the orders are
   * written one by one and only the refused one is left out (logged), so the job never fails for it.
   */
  async upsert(storeId: string, orders: ImportedOrder[], ownerId?: string): Promise<UpsertOutcome> {
    if (orders.length === 0) return { inserted: 0, updated: 0 };
    const rows = orders.map((order) => stripControlCharactersDeep(toRow(order)));
    try {
      return await this.write(storeId, rows, ownerId);
    } catch (error) {
      if (classifySqlError(error) !== 'bad-input') throw error;
    }
    const outcome = { inserted: 0, updated: 0, refused: 0 };
    for (const row of rows) {
      try {
        const one = await this.write(storeId, [row], ownerId);
        outcome.inserted += one.inserted;
        outcome.updated += one.updated;
      } catch (error) {
        if (classifySqlError(error) !== 'bad-input') throw error;
        outcome.refused += 1;
        this.logger.warn(
          { storeId, externalId: row.external_id, reason: (error as Error).message },
          'Refused an imported order PostgreSQL cannot store',
        );
      }
    }
    return outcome;
  }

  private write(storeId: string, rows: ReturnType<typeof toRow>[], ownerId?: string): Promise<UpsertOutcome> {
    return this.em.fork().transactional(async (em) => {
      await em.execute(STORE_LOCK, [storeId]);
      if (ownerId) await em.execute(REMEMBER_STORE_OWNER, [ownerId, JSON.stringify([storeId])]);
      const [outcome] = await em.execute<UpsertOutcome[]>(UPSERT, [
        JSON.stringify(rows),
        storeId,
        storeId,
        storeId,
      ]);
      if (outcome.inserted > 0)
        await em.execute(FLAG_DUPLICATES, [storeId, JSON.stringify(rows.map((row) => row.external_id))]);
      return outcome;
    });
  }

  /** Removes every order of the store and keeps it from coming back. */
  async removeStore(storeId: string): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      await em.execute(STORE_LOCK_EXCLUSIVE, [storeId]);
      await em.execute('insert into orders.removed_stores (store_id) values (?) on conflict do nothing', [
        storeId,
      ]);
      const result = await em.execute<{ affectedRows: number }>(
        'delete from orders.orders where store_id = ?',
        [storeId],
        'run',
      );
      await em.execute('delete from orders.store_order_counts where store_id = ?', [storeId]);
      await em.execute('delete from orders.order_stats where store_id = ?', [storeId]);
      await em.execute('delete from orders.store_settings where store_id = ?', [storeId]);
      await em.execute('delete from orders.agent_availability where store_id = ?', [storeId]);
      return result.affectedRows;
    });
  }

  /** Every store that has ever had orders here has its count row, until its removal deletes it. */
  async heldStoreIds(): Promise<string[]> {
    const rows = await this.em
      .fork()
      .execute<{ store_id: string }[]>('select store_id from orders.store_order_counts');
    return rows.map((row) => row.store_id);
  }

  async countByStore(storeIds: string[]): Promise<Record<string, number>> {
    if (storeIds.length === 0) return {};
    const rows = await this.em.fork().execute<{ store_id: string; orders: string }[]>(
      // One JSON parameter: MikroORM would spread a JS array into a list of parameters.
      `select store_id, orders from orders.store_order_counts
         where store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
      [JSON.stringify(storeIds)],
    );
    const counts = Object.fromEntries(storeIds.map((id) => [id, 0]));
    for (const row of rows) counts[row.store_id] = Number(row.orders);
    return counts;
  }
}
