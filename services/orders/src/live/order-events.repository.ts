import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { OrderEventType, OrderLiveEvent } from '@tawsil/contracts/orders';

interface OutboxRow {
  id: string;
  store_id: string;
  order_id: string;
  type: OrderEventType;
  status: string | null;
  claim: OrderLiveEvent['claim'];
  age_seconds: number;
}

export interface PendingEvent {
  outboxId: string;
  event: OrderLiveEvent;
  ageSeconds: number;
}

/** Turns one relay in the whole system at a time: a store's events reach Redis in commit order. */
const RELAY_LOCK = `select pg_try_advisory_xact_lock(hashtext('orders.order_events relay')) as locked`;

/** The outbox the order triggers fill (migration 20261126200000). */
@Injectable()
export class OrderEventsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Hands the oldest events to `publish` and deletes them once it returned, in one transaction:
   * a failed publish leaves them for the next turn. Answers how many were published, or null when
   * another instance is relaying at this moment.
   */
  async relayBatch(
    limit: number,
    publish: (events: PendingEvent[]) => Promise<void>,
  ): Promise<number | null> {
    return this.em.fork().transactional(async (em) => {
      const [{ locked }] = await em.execute<{ locked: boolean }[]>(RELAY_LOCK);
      if (!locked) return null;
      const rows = await em.execute<OutboxRow[]>(
        `select id, store_id, order_id, type, status, claim,
                extract(epoch from clock_timestamp() - created_at)::float8 as age_seconds
         from orders.order_events order by id limit ?`,
        [limit],
      );
      if (rows.length === 0) return 0;
      await publish(rows.map(toPending));
      await em.execute('delete from orders.order_events where id = any(?::bigint[])', [
        `{${rows.map((row) => row.id).join(',')}}`,
      ]);
      return rows.length;
    });
  }
}

function toPending(row: OutboxRow): PendingEvent {
  const event: OrderLiveEvent = { type: row.type, orderId: row.order_id, storeId: row.store_id };
  if (row.status !== null) event.status = row.status;
  if (row.type !== 'deleted') event.claim = row.claim ?? null;
  return { outboxId: row.id, event, ageSeconds: row.age_seconds };
}
