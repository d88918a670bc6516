import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap } from '@nestjs/common';
import { QueueName, RepairSweeps } from '@tawsil/contracts/queues';
import { declareSweep, REPEAT_SAFE_WORKER, scheduleSweep } from '@tawsil/nest-common';
import type { Job, Queue } from 'bullmq';
import { OrdersConfig } from '../config/orders.config';
import { RemovedStoreOrdersSweep } from './removed-store-orders.sweep';

/** The orders service's scheduled repair sweeps. */
@Processor(QueueName.OrdersRepair, { concurrency: 1, ...REPEAT_SAFE_WORKER })
export class OrdersRepairProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QueueName.OrdersRepair) private readonly queue: Queue,
    private readonly config: OrdersConfig,
    private readonly removedStoreOrders: RemovedStoreOrdersSweep,
  ) {
    super();
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

  async process(job: Job): Promise<unknown> {
    if (job.name === RepairSweeps.removedStoreOrders) return this.removedStoreOrders.execute();
    throw new Error(`Unknown orders-repair job "${job.name}"`);
  }
}
