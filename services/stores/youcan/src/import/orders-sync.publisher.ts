import { Injectable } from '@nestjs/common';
import type { ImportedOrder } from '@tawsil/contracts/orders';
import {
  IDENTITY_STORE_EVENTS_JOBS,
  ORDERS_SYNC_JOBS,
  type IdentityStoreEventsJobs,
  type OrdersSyncJobs,
  type OrdersUpsertJob,
} from '@tawsil/contracts/queues';
import { InjectJobQueue, JobQueue, REPEAT_SAFE_ATTEMPTS } from '@tawsil/nest-common';
import type { JobsOptions } from 'bullmq';

const DURABLE: JobsOptions = {
  attempts: REPEAT_SAFE_ATTEMPTS,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: { count: 1000 },
};

/** Hands orders, and the removal of a store, to the services that own what follows from them. */
@Injectable()
export class OrdersSyncPublisher {
  constructor(
    @InjectJobQueue(ORDERS_SYNC_JOBS) private readonly orders: JobQueue<OrdersSyncJobs>,
    @InjectJobQueue(IDENTITY_STORE_EVENTS_JOBS) private readonly identity: JobQueue<IdentityStoreEventsJobs>,
  ) {}

  async upsert(
    store: { id: string; ownerId: string },
    orders: ImportedOrder[],
    repair?: string,
  ): Promise<void> {
    const job: OrdersUpsertJob = {
      storeId: store.id,
      ownerId: store.ownerId,
      orders,
      ...(repair ? { repair } : {}),
    };
    if (orders.length) await this.orders.add('upsert', job, DURABLE);
  }

  async storeRemoved(storeId: string): Promise<void> {
    const options = { ...DURABLE, jobId: `store-removed-${storeId}` };
    await Promise.all([
      this.orders.add('store-removed', { storeId }, options),
      this.identity.add('store-removed', { storeId }, options),
    ]);
  }
}
