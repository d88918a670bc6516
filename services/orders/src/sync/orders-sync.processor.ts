import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import {
  OrdersSyncJobs,
  QueueName,
  type OrdersUpsertJob,
  type StoreRemovedJob,
} from '@tawsil/contracts/queues';
import type { Job } from 'bullmq';
import { AssignOrdersUseCase } from '../queue/use-cases/assign-orders.use-case';
import { ImportedOrdersRepository } from './imported-orders.repository';

/** Orders arriving from the stores services, and stores going away. */
@Processor(QueueName.OrdersSync, { concurrency: 4 })
export class OrdersSyncProcessor extends WorkerHost {
  private readonly logger = new Logger(OrdersSyncProcessor.name);

  constructor(
    private readonly orders: ImportedOrdersRepository,
    private readonly assign: AssignOrdersUseCase,
  ) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    switch (job.name) {
      case OrdersSyncJobs.upsert: {
        const { storeId, ownerId, orders } = job.data as OrdersUpsertJob;
        const outcome = await this.orders.upsert(storeId, orders, ownerId);
        // New orders go to the available agents at once in the assigned modes.
        if (outcome.inserted > 0) await this.assign.execute([storeId]);
        this.logger.debug({ storeId, received: orders.length, ...outcome }, 'Orders synced');
        return outcome;
      }
      case OrdersSyncJobs.storeRemoved: {
        const { storeId } = job.data as StoreRemovedJob;
        const removed = await this.orders.removeStore(storeId);
        this.logger.log({ storeId, removed }, 'Orders of a removed store deleted');
        return { removed };
      }
      default:
        throw new Error(`Unknown orders-sync job "${job.name}"`);
    }
  }
}
