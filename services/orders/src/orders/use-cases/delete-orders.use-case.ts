import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { OrdersPatterns, type OrderIdsDto } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, requireOwner } from '@tawsil/nest-common';

/** Deletes the owner's orders among the ids (others are ignored) and keeps the store counts true. */
@Injectable()
export class DeleteOrdersUseCase {
  constructor(private readonly em: EntityManager) {}

  async execute(actor: Actor, input: OrderIdsDto): Promise<{ deletedIds: string[] }> {
    const owner = requireOwner(actor, 'delete orders');
    return idempotentWrite(this.em, { pattern: OrdersPatterns.remove, request: input }, async (em) => {
      const deleted = await em.execute<{ id: string; store_id: string }[]>(
        `delete from orders.orders
         where id in (select jsonb_array_elements_text(?::jsonb)::uuid)
           and store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
         returning id, store_id`,
        [JSON.stringify(input.orderIds), JSON.stringify(owner.storeIds)],
      );
      const perStore = new Map<string, number>();
      for (const row of deleted) perStore.set(row.store_id, (perStore.get(row.store_id) ?? 0) + 1);
      for (const [storeId, count] of perStore)
        await em.execute('update orders.store_order_counts set orders = orders - ? where store_id = ?', [
          count,
          storeId,
        ]);
      return { deletedIds: deleted.map((row) => row.id) };
    });
  }
}
