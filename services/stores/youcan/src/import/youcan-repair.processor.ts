import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap } from '@nestjs/common';
import { QueueName, RepairSweeps } from '@tawsil/contracts/queues';
import { REPEAT_SAFE_WORKER, scheduleSweep } from '@tawsil/nest-common';
import type { Job, Queue } from 'bullmq';
import { StoresYoucanConfig } from '../config/stores-youcan.config';
import { RecentOrdersSweep } from './recent-orders.sweep';

/** The stores/youcan service's scheduled repair sweeps. */
@Processor(QueueName.YoucanRepair, { concurrency: 1, lockDuration: 60_000, ...REPEAT_SAFE_WORKER })
export class YoucanRepairProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QueueName.YoucanRepair) private readonly queue: Queue,
    private readonly config: StoresYoucanConfig,
    private readonly recentOrders: RecentOrdersSweep,
  ) {
    super();
  }

  async onApplicationBootstrap() {
    await scheduleSweep(this.queue, RepairSweeps.recentOrders, this.config.REPAIR_RECENT_ORDERS_INTERVAL_MS);
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === RepairSweeps.recentOrders) return this.recentOrders.execute();
    throw new Error(`Unknown youcan-repair job "${job.name}"`);
  }
}
