import { Processor } from '@nestjs/bullmq';
import { ORDERS_SYNC_JOBS, type OrdersSyncJobs } from '@tawsil/contracts/queues';
import { JobProcessor, REPEAT_SAFE_WORKER, type JobHandlers } from '@tawsil/nest-common';
import { RemoveStoreOrdersUseCase } from './use-cases/remove-store-orders.use-case';
import { UpsertImportedOrdersUseCase } from './use-cases/upsert-imported-orders.use-case';

/** Orders arriving from the stores services, and stores going away. */
@Processor(ORDERS_SYNC_JOBS.queue, { concurrency: 4, ...REPEAT_SAFE_WORKER })
export class OrdersSyncProcessor extends JobProcessor<OrdersSyncJobs> {
  protected readonly handlers: JobHandlers<OrdersSyncJobs> = {
    upsert: (data) => this.upsertImportedOrders.execute(data),
    'store-removed': (data) => this.removeStoreOrders.execute(data),
  };

  constructor(
    private readonly upsertImportedOrders: UpsertImportedOrdersUseCase,
    private readonly removeStoreOrders: RemoveStoreOrdersUseCase,
  ) {
    super(ORDERS_SYNC_JOBS);
  }
}
