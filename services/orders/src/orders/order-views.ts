import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { OrderView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import type { Order } from './order.entity';
import { presentOrder } from './order.presenter';
import { OrdersQueryRepository } from './orders-query.repository';

/** One order in the API's shape, with its notes, and its history for owners. */
@Injectable()
export class OrderViews {
  constructor(private readonly query: OrdersQueryRepository) {}

  /** `em`: a transaction's, to show what it wrote before it commits. */
  async one(order: Order, caller: Actor, em?: EntityManager): Promise<OrderView> {
    const isOwner = caller.type === 'owner';
    const notes = await this.query.notesOf([order.id], em);
    const history = isOwner ? await this.query.historyOf([order.id], em) : undefined;
    const blacklisted = await this.query.blacklistEntryOf(order.storeId, order.customerPhone, em);
    return presentOrder(
      {
        ...order,
        wilayaCode: order.wilayaCode ?? null,
        statusByName: order.statusByName ?? null,
        delivery: order.delivery ?? null,
        callbackAt: order.callbackAt ?? null,
        claimedById: order.claimedById ?? null,
        claimedByName: order.claimedByName ?? null,
        claimedUntil: order.claimedUntil ?? null,
        assignedToId: order.assignedToId ?? null,
        assignedToName: order.assignedToName ?? null,
        duplicateOf: order.duplicateOf ?? null,
        blacklisted,
      },
      notes.get(order.id) ?? [],
      isOwner ? (history?.get(order.id) ?? []) : undefined,
    );
  }
}
