import { Processor } from '@nestjs/bullmq';
import { type OnApplicationBootstrap } from '@nestjs/common';
import { ORDERS_REPAIR_JOBS, RepairSweeps, type OrdersRepairJobs } from '@tawsil/contracts/queues';
import {
  declareSweep,
  InjectJobQueue,
  JobProcessor,
  JobQueue,
  REPEAT_SAFE_WORKER,
  scheduleSweep,
  type JobHandlers,
} from '@tawsil/nest-common';
import { OrdersConfig } from '../config/orders.config';
import { SweepRemovedStoreOrdersUseCase } from './use-cases/sweep-removed-store-orders.use-case';

/** The orders service's scheduled repair sweeps. */
@Processor(ORDERS_REPAIR_JOBS.queue, { concurrency: 1, ...REPEAT_SAFE_WORKER })
export class OrdersRepairProcessor extends JobProcessor<OrdersRepairJobs> implements OnApplicationBootstrap {
  protected readonly handlers: JobHandlers<OrdersRepairJobs> = {
    [RepairSweeps.removedStoreOrders]: () => this.removedStoreOrders.execute(),
  };

  constructor(
    @InjectJobQueue(ORDERS_REPAIR_JOBS) private readonly queue: JobQueue<OrdersRepairJobs>,
    private readonly config: OrdersConfig,
    private readonly removedStoreOrders: SweepRemovedStoreOrdersUseCase,
  ) {
    super(ORDERS_REPAIR_JOBS);
  }

  async onApplicationBootstrap() {
    // stores/youcan re-reads recent orders; orders counts those it did not have (OrdersSyncProcessor).
    declareSweep(RepairSweeps.recentOrders);
    await scheduleSweep(
      this.queue,
      RepairSweeps.removedStoreOrders,
      this.config.REPAIR_REMOVED_STORES_INTERVAL_MS,
    );
  }
}
