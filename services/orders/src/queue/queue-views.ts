import { Injectable } from '@nestjs/common';
import type { QueueOrderView, StoreSettingsView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { presentOrder, type OrderRow } from '../orders/order.presenter';
import { OrdersQueryRepository } from '../orders/orders-query.repository';

/** Queue rows in the API's shape, with their notes (and history for owners) and `proposeCancel`. */
@Injectable()
export class QueueViews {
  constructor(private readonly query: OrdersQueryRepository) {}

  async present(rows: OrderRow[], caller: Actor, stores: StoreSettingsView[]): Promise<QueueOrderView[]> {
    const ids = rows.map((row) => row.id);
    const isOwner = caller.type === 'owner';
    const [notes, history] = await Promise.all([
      this.query.notesOf(ids),
      isOwner ? this.query.historyOf(ids) : undefined,
    ]);
    const maxAttempts = new Map(stores.map((store) => [store.storeId, store.maxAttempts]));
    return rows.map((row) => {
      const view: QueueOrderView = presentOrder(
        row,
        notes.get(row.id) ?? [],
        isOwner ? (history?.get(row.id) ?? []) : undefined,
      );
      if (row.attempts >= (maxAttempts.get(row.storeId) ?? Infinity)) view.proposeCancel = true;
      return view;
    });
  }
}
