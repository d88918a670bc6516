import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { OrderDeliveryView } from '@tawsil/contracts/orders';
import { Order, OrderHistoryEntry } from './order.entity';

/**
 * orders.orders as the writes find and lock it, always within the caller's stores. Methods that
 * take `em` run inside the caller's transaction, whose flush writes the entities it changed.
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly em: EntityManager) {}

  /** `select … for update`: the order, locked until the transaction ends; null outside the stores. */
  lockInStores(em: EntityManager, orderId: string, storeIds: string[]): Promise<Order | null> {
    return em.findOne(
      Order,
      { id: orderId, storeId: { $in: storeIds } },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
  }

  /** The orders among the ids that are in the stores, in full (other ids are left out). */
  inStores(orderIds: string[], storeIds: string[]): Promise<Order[]> {
    return this.em.fork().find(Order, { id: { $in: orderIds }, storeId: { $in: storeIds } });
  }

  async refOf(em: EntityManager, orderId: string): Promise<string | undefined> {
    const found = await em.findOne(Order, orderId, { fields: ['ref'] });
    return found?.ref;
  }

  async storeOf(orderId: string, storeIds: string[]): Promise<string | undefined> {
    const found = await this.em
      .fork()
      .findOne(Order, { id: orderId, storeId: { $in: storeIds } }, { fields: ['storeId'] });
    return found?.storeId;
  }

  async existsInStores(em: EntityManager, orderId: string, storeIds: string[]): Promise<boolean> {
    return (await em.count(Order, { id: orderId, storeId: { $in: storeIds } })) > 0;
  }

  /** Written on its own: the delivery choice does not bump the order's version. */
  async setDelivery(em: EntityManager, orderId: string, delivery: OrderDeliveryView): Promise<void> {
    await em.nativeUpdate(Order, { id: orderId }, { delivery });
  }

  /** Who made the order's latest change (from orders.order_history); undefined when nobody did. */
  async lastChangedBy(orderId: string): Promise<string | undefined> {
    const latest = await this.em.fork().findOne(OrderHistoryEntry, { orderId }, { orderBy: { at: 'desc' } });
    return latest?.userName;
  }

  /** Deletes the orders among the ids that are in the stores and keeps the store counts true. */
  async deleteInStores(em: EntityManager, orderIds: string[], storeIds: string[]): Promise<string[]> {
    const deleted = await em.execute<{ id: string; store_id: string }[]>(
      `delete from orders.orders
       where id in (select jsonb_array_elements_text(?::jsonb)::uuid)
         and store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
       returning id, store_id`,
      [JSON.stringify(orderIds), JSON.stringify(storeIds)],
    );
    const perStore = new Map<string, number>();
    for (const row of deleted) perStore.set(row.store_id, (perStore.get(row.store_id) ?? 0) + 1);
    for (const [storeId, count] of perStore)
      await em.execute('update orders.store_order_counts set orders = orders - ? where store_id = ?', [
        count,
        storeId,
      ]);
    return deleted.map((row) => row.id);
  }
}
