import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { OrdersPatterns, type OrderIdsDto } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, requireOwner } from '@tawsil/nest-common';
import { OrdersRepository } from '../orders.repository';

/** Deletes the owner's orders among the ids (others are ignored) and keeps the store counts true. */
@Injectable()
export class DeleteOrdersUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly orders: OrdersRepository,
  ) {}

  async execute(actor: Actor, input: OrderIdsDto): Promise<{ deletedIds: string[] }> {
    const owner = requireOwner(actor, 'delete orders');
    return idempotentWrite(this.em, { pattern: OrdersPatterns.remove, request: input }, async (em) => ({
      deletedIds: await this.orders.deleteInStores(em, input.orderIds, owner.storeIds),
    }));
  }
}
