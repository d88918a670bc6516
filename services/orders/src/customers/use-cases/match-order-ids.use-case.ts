import { Injectable } from '@nestjs/common';
import { BULK_FILTER_MAX, type OrdersFilterDto } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireOwner } from '@tawsil/nest-common';
import { orderFiltersOf } from '../../orders/order-filters';
import { OrdersQueryRepository } from '../../orders/orders-query.repository';

/** "Select all matching": the owner's order ids that the list's filters match, newest first, at most 10,000. */
@Injectable()
export class MatchOrderIdsUseCase {
  constructor(private readonly orders: OrdersQueryRepository) {}

  async execute(actor: Actor, filter: OrdersFilterDto): Promise<{ orderIds: string[] }> {
    const owner = requireOwner(actor, 'act on every matching order');
    const filters = orderFiltersOf(owner, filter);
    if (filters.storeIds.length === 0) return { orderIds: [] };
    return { orderIds: await this.orders.matchingIds(filters, BULK_FILTER_MAX) };
  }
}
