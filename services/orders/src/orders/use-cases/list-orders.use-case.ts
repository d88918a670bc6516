import { Injectable } from '@nestjs/common';
import type { ListOrdersQuery, OrdersPage } from '@tawsil/contracts/orders';
import { ORDERS_PAGE_DEFAULT } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { recognizeWilaya } from '@tawsil/geo-dz';
import { requireActor, ServiceError } from '@tawsil/nest-common';
import { decodeCursor, encodeCursor } from '../cursor';
import { presentHistory, presentNote, presentOrder } from '../order.presenter';
import { OrdersQueryRepository, type OrderFilters } from '../orders-query.repository';

@Injectable()
export class ListOrdersUseCase {
  constructor(private readonly orders: OrdersQueryRepository) {}

  async execute(actor: Actor | undefined, query: ListOrdersQuery): Promise<OrdersPage> {
    const caller = requireActor(actor);
    if (query.storeId && !caller.storeIds.includes(query.storeId))
      throw ServiceError.notFound('Store not found');
    const filters: OrderFilters = {
      storeIds: query.storeId ? [query.storeId] : caller.storeIds,
      q: query.q?.trim() || undefined,
      status: query.status,
      wilayaCode: query.region ? wilayaOf(query.region) : undefined,
      from: query.from,
      to: query.to,
    };
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

/** A wilaya code, or a name the store might have typed ("Alger", "الجزائر"). */
function wilayaOf(region: string): number {
  const wilaya = recognizeWilaya(region);
  if (!wilaya) throw ServiceError.badRequest('region must be a wilaya code from 1 to 58 or a wilaya name');
  return wilaya.code;
}
