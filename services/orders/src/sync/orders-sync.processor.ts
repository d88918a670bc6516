import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { ORDERS_SYNC_JOBS, type OrdersSyncJobs, type OrdersUpsertJob } from '@tawsil/contracts/queues';
import { countRepaired, JobProcessor, REPEAT_SAFE_WORKER, type JobHandlers } from '@tawsil/nest-common';
import { AssignOrdersUseCase } from '../queue/use-cases/assign-orders.use-case';
import { ImportedOrdersRepository } from './imported-orders.repository';

/** Orders arriving from the stores services, and stores going away. */
@Processor(ORDERS_SYNC_JOBS.queue, { concurrency: 4, ...REPEAT_SAFE_WORKER })
export class OrdersSyncProcessor extends JobProcessor<OrdersSyncJobs> {
  private readonly logger = new Logger(OrdersSyncProcessor.name);

  protected readonly handlers: JobHandlers<OrdersSyncJobs> = {
    upsert: (data) => this.upsert(data),
    'store-removed': ({ storeId }) => this.removeStore(storeId),
  };

  constructor(
    private readonly orders: ImportedOrdersRepository,
    private readonly assign: AssignOrdersUseCase,
  ) {
    super(ORDERS_SYNC_JOBS);
  }

  private async upsert({ storeId, ownerId, orders, repair }: OrdersUpsertJob) {
    const outcome = await this.orders.upsert(storeId, orders, ownerId);
    if (repair) countRepaired(repair, outcome.inserted);
    // New orders go to the available agents at once in the assigned modes.
    if (outcome.inserted > 0) await this.assign.execute([storeId]);
    this.logger.debug({ storeId, received: orders.length, ...outcome }, 'Orders synced');
    return outcome;
  }

  private async removeStore(storeId: string) {
    const removed = await this.orders.removeStore(storeId);
    this.logger.log({ storeId, removed }, 'Orders of a removed store deleted');
    return { removed };
  }
}
