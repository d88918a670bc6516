import { Injectable } from '@nestjs/common';
import type { ImportedOrder } from '@tawsil/contracts/orders';
import {
  IDENTITY_STORE_EVENTS_JOBS,
  ORDERS_SYNC_JOBS,
  type IdentityStoreEventsJobs,
  type OrdersSyncJobs,
  type OrdersUpsertJob,
} from '@tawsil/contracts/queues';
import { InjectJobQueue, JobQueue, REPEAT_SAFE_JOB } from '@tawsil/nest-common';

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
    if (orders.length) await this.orders.add('upsert', job, REPEAT_SAFE_JOB);
  }

  async storeRemoved(storeId: string): Promise<void> {
    const options = { ...REPEAT_SAFE_JOB, jobId: `store-removed-${storeId}` };
    await Promise.all([
      this.orders.add('store-removed', { storeId }, options),
      this.identity.add('store-removed', { storeId }, options),
    ]);
  }
}
