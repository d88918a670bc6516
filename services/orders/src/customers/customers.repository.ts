import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { BlacklistEntryView, CustomerOrderView, OrderStatus } from '@tawsil/contracts/orders';
import { REMEMBER_STORE_OWNER } from './customer-sql';

/** A list of ids as one PostgreSQL array literal: MikroORM would spread a JS array into parameters. */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** How many of a customer's orders the panel shows, newest first. */
const HISTORY_LIMIT = 50;

interface BlacklistRow {
  id: string;
  phone: string;
  reason: string;
  createdAt: Date | string;
}

const presentEntry = (row: BlacklistRow): BlacklistEntryView => ({
  _id: row.id,
  phone: row.phone,
  reason: row.reason,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** A customer's orders found by phone, and the owners' blacklists. */
@Injectable()
export class CustomersRepository {
  constructor(private readonly em: EntityManager) {}

  /** The order's phone as shown and as known (null when it is not an Algerian number), in the given stores. */
  async phoneOf(
    orderId: string,
    storeIds: string[],
  ): Promise<{ phone: string; phoneKey: string | null } | undefined> {
    const [row] = await this.em.fork().execute<{ phone: string; phoneKey: string | null }[]>(
      `select customer_phone as phone, phone_key as "phoneKey" from orders.orders
       where id = ? and store_id = any(?::uuid[])`,
      [orderId, uuidArray(storeIds)],
    );
    return row;
  }

  /** The other orders of the phone in the given stores, newest first. */
  async ordersOf(phoneKey: string, exceptOrderId: string, storeIds: string[]): Promise<CustomerOrderView[]> {
    const rows = await this.em
      .fork()
      .execute<
        { id: string; ref: string; orderDate: Date; status: OrderStatus; total: string; storeId: string }[]
      >(
        `select id, ref, order_date as "orderDate", status, total, store_id as "storeId" from orders.orders
       where phone_key = ? and id <> ? and store_id = any(?::uuid[])
       order by order_date desc, id desc limit ${HISTORY_LIMIT}`,
        [phoneKey, exceptOrderId, uuidArray(storeIds)],
      );
    return rows.map((row) => ({
      _id: row.id,
      ref: row.ref,
      orderDate: new Date(row.orderDate).toISOString(),
      status: row.status,
      total: Number(row.total),
      storeId: row.storeId,
    }));
  }

  async blacklist(ownerId: string): Promise<BlacklistEntryView[]> {
    const rows = await this.em.fork().execute<BlacklistRow[]>(
      `select id, phone, reason, created_at as "createdAt" from orders.blacklist
       where owner_id = ? order by created_at desc, id desc`,
      [ownerId],
    );
    return rows.map(presentEntry);
  }

  /** Lists the phone for the owner, and notes the owner's stores; undefined when it was listed already. */
  async addToBlacklist(
    owner: { userId: string; storeIds: string[] },
    phone: string,
    reason: string,
    em: EntityManager,
  ): Promise<BlacklistEntryView | undefined> {
    await em.execute(REMEMBER_STORE_OWNER, [owner.userId, JSON.stringify(owner.storeIds)]);
    const [row] = await em.execute<BlacklistRow[]>(
      `insert into orders.blacklist (owner_id, phone, reason) values (?, ?, ?)
       on conflict (owner_id, phone) do nothing
       returning id, phone, reason, created_at as "createdAt"`,
      [owner.userId, phone, reason],
    );
    return row ? presentEntry(row) : undefined;
  }

  async removeFromBlacklist(ownerId: string, entryId: string): Promise<boolean> {
    const result = await this.em
      .fork()
      .execute<{ affectedRows: number }>(
        'delete from orders.blacklist where id = ? and owner_id = ?',
        [entryId, ownerId],
        'run',
      );
    return result.affectedRows > 0;
  }
}
