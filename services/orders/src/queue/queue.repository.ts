import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { QueueCounts, StoreSettingsView } from '@tawsil/contracts/orders';
import type { OrderRow } from '../orders/order.presenter';
import { countsQuery, nextQuery, queueQuery, type Bucket, type QueueCaller } from './queue-query';

/** Candidates per store and bucket for "next": more than agents asking at once, so a locked head never empties it. */
const NEXT_CANDIDATES = 100;

@Injectable()
export class QueueRepository {
  constructor(private readonly em: EntityManager) {}

  async orders(stores: StoreSettingsView[], caller: QueueCaller, limit: number) {
    const { sql, params } = queueQuery(stores, caller, limit);
    return this.em.fork().execute<(OrderRow & { bucket: Bucket })[]>(sql, params);
  }

  async counts(stores: StoreSettingsView[], caller: QueueCaller): Promise<QueueCounts> {
    const { sql, params } = countsQuery(stores, caller);
    const [counts] = await this.em.fork().execute<QueueCounts[]>(sql, params);
    return counts;
  }

  /** Claims the next order for the caller; null when nothing waits. */
  async takeNext(
    stores: StoreSettingsView[],
    caller: QueueCaller & { name: string },
    em: EntityManager = this.em.fork(),
  ): Promise<OrderRow | null> {
    const { sql, params } = nextQuery(stores, caller, NEXT_CANDIDATES);
    const [row] = await em.execute<OrderRow[]>(sql, params);
    return row ?? null;
  }
}
