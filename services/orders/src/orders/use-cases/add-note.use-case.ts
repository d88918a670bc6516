import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { OrdersPatterns, type AddNoteDto, type OrderNoteView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { ORDER_NOT_FOUND } from '../order-access';
import { OrderHistoryEntry, OrderNote } from '../order.entity';
import { OrdersQueryRepository } from '../orders-query.repository';
import { OrdersRepository } from '../orders.repository';

/** A note on an order, with its history entry; answers every note of the order, oldest first. */
@Injectable()
export class AddNoteUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly orders: OrdersRepository,
    private readonly query: OrdersQueryRepository,
  ) {}

  async execute(caller: Actor, input: AddNoteDto & { orderId: string }): Promise<OrderNoteView[]> {
    const message = input.note.trim();
    if (!message) throw ServiceError.badRequest('note cannot be empty');
    return idempotentWrite(this.em, { pattern: OrdersPatterns.addNote, request: input }, async (em) => {
      if (!(await this.orders.existsInStores(em, input.orderId, caller.storeIds)))
        throw ServiceError.notFound(ORDER_NOT_FOUND);
      const author = { userId: caller.userId, userName: caller.name };
      em.create(OrderNote, { id: randomUUID(), orderId: input.orderId, message, ...author });
      em.create(OrderHistoryEntry, {
        id: randomUUID(),
        orderId: input.orderId,
        changes: `note added: "${message}"`,
        ...author,
      });
      await em.flush();
      return (await this.query.notesOf([input.orderId], em)).get(input.orderId) ?? [];
    });
  }
}
