import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { ImportedOrder } from '@tawsil/contracts/orders';
import { OrdersSyncJobs, QueueName, type OrdersUpsertJob } from '@tawsil/contracts/queues';
import type { JobsOptions, Queue } from 'bullmq';

const DURABLE: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: { count: 1000 },
};

/** Hands orders, and the removal of a store, to the services that own what follows from them. */
@Injectable()
export class OrdersSyncPublisher {
  constructor(
    @InjectQueue(QueueName.OrdersSync) private readonly orders: Queue,
    @InjectQueue(QueueName.IdentityStoreEvents) private readonly identity: Queue,
  ) {}

  async upsert(store: { id: string; ownerId: string }, orders: ImportedOrder[]): Promise<void> {
    const job: OrdersUpsertJob = { storeId: store.id, ownerId: store.ownerId, orders };
    if (orders.length) await this.orders.add(OrdersSyncJobs.upsert, job, DURABLE);
  }

  async storeRemoved(storeId: string): Promise<void> {
    const options = { ...DURABLE, jobId: `store-removed-${storeId}` };
    await Promise.all([
      this.orders.add(OrdersSyncJobs.storeRemoved, { storeId }, options),
      this.identity.add(OrdersSyncJobs.storeRemoved, { storeId }, options),
    ]);
  }
}
