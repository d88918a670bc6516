import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CustomersPatterns, OrderStatus, SHIPPED_STATUSES, type OrderView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { claimConflict, liveClaimOf } from '../../orders/claim-conflict';
import { ORDER_NOT_FOUND } from '../../orders/order-access';
import { OrderViews } from '../../orders/order-views';
import { OrderHistoryEntry } from '../../orders/order.entity';
import { OrdersRepository } from '../../orders/orders.repository';

/** "Annulée, duplicate of 00042" in one tap: the status and its history entry in one transaction. */
@Injectable()
export class CancelDuplicateUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly orders: OrdersRepository,
    private readonly views: OrderViews,
  ) {}

  async execute(caller: Actor, input: { orderId: string }): Promise<OrderView> {
    const request = { pattern: CustomersPatterns.cancelDuplicate, request: input };
    return idempotentWrite(this.em, request, async (em) => {
      const found = await this.orders.lockInStores(em, input.orderId, caller.storeIds);
      if (!found) throw ServiceError.notFound(ORDER_NOT_FOUND);
      // Already cancelled (a repeated tap): nothing more to write.
      if (found.status === OrderStatus.Cancelled) return this.views.one(found, caller, em);
      const holder = liveClaimOf(found);
      if (holder && holder.userId !== caller.userId) throw claimConflict(holder.name);
      if (!found.duplicateOf) throw ServiceError.conflict('This order is not marked as a duplicate');
      if (SHIPPED_STATUSES.includes(found.status))
        throw ServiceError.conflict(
          `This order was sent for delivery (${found.status}): its status now follows the parcel`,
        );
      const originalRef = await this.orders.refOf(em, found.duplicateOf);
      found.status = OrderStatus.Cancelled;
      found.statusById = caller.userId;
      found.statusByName = caller.name;
      em.create(OrderHistoryEntry, {
        id: randomUUID(),
        orderId: found.id,
        changes: `Cancelled as a duplicate of ${originalRef ?? 'another order'}`,
        userId: caller.userId,
        userName: caller.name,
      });
      await em.flush();
      return this.views.one(found, caller, em);
    });
  }
}
