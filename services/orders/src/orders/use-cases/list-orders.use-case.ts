import { Injectable } from '@nestjs/common';
import type { ListOrdersQuery, OrdersPage } from '@tawsil/contracts/orders';
import { ORDERS_PAGE_DEFAULT } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { decodeCursor, encodeCursor } from '../cursor';
import { presentHistory, presentNote, presentOrder } from '../order.presenter';
import { orderFiltersOf } from '../order-filters';
import { OrdersQueryRepository } from '../orders-query.repository';

@Injectable()
export class ListOrdersUseCase {
  constructor(private readonly orders: OrdersQueryRepository) {}

  async execute(caller: Actor, query: ListOrdersQuery): Promise<OrdersPage> {
    const filters = orderFiltersOf(caller, query);
    if (filters.storeIds.length === 0) return { orders: [], total: 0, exact: true, nextCursor: null };

    const limit = query.limit ?? ORDERS_PAGE_DEFAULT;
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    const isOwner = caller.type === 'owner';
    const [rows, count] = await Promise.all([
      this.orders.page(filters, cursor, limit + 1, isOwner),
      this.orders.count(filters),
    ]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      orders: page.map((row) =>
        presentOrder(
          row,
          row.notes.map(presentNote),
          isOwner ? (row.history ?? []).map(presentHistory) : undefined,
        ),
      ),
      ...count,
      nextCursor:
        rows.length > limit && last
          ? encodeCursor({ orderDate: new Date(last.orderDate).toISOString(), id: last.id })
          : null,
    };
  }
}
