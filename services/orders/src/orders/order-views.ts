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

  async one(order: Order, caller: Actor): Promise<OrderView> {
    const isOwner = caller.type === 'owner';
    const [notes, history, blacklisted] = await Promise.all([
      this.query.notesOf([order.id]),
      isOwner ? this.query.historyOf([order.id]) : undefined,
      this.query.blacklistEntryOf(order.storeId, order.customerPhone),
    ]);
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
