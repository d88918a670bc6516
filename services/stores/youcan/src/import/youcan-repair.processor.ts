import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap } from '@nestjs/common';
import { QueueName, RepairSweeps } from '@tawsil/contracts/queues';
import { REPEAT_SAFE_WORKER, scheduleSweep } from '@tawsil/nest-common';
import type { Job, Queue } from 'bullmq';
import { StoresYoucanConfig } from '../config/stores-youcan.config';
import { WebhookSubscriptions } from '../stores/webhook-subscriptions';
import { RecentOrdersSweep } from './recent-orders.sweep';
import { WebhookDeliveries } from './webhook-deliveries';

const HOUR_MS = 3_600_000;

/** The stores/youcan service's scheduled repair sweeps. */
@Processor(QueueName.YoucanRepair, { concurrency: 1, lockDuration: 60_000, ...REPEAT_SAFE_WORKER })
export class YoucanRepairProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QueueName.YoucanRepair) private readonly queue: Queue,
    private readonly config: StoresYoucanConfig,
    private readonly recentOrders: RecentOrdersSweep,
    private readonly webhooks: WebhookSubscriptions,
    private readonly deliveries: WebhookDeliveries,
  ) {
    super();
  }

  async onApplicationBootstrap() {
    await scheduleSweep(this.queue, RepairSweeps.recentOrders, this.config.REPAIR_RECENT_ORDERS_INTERVAL_MS);
    await scheduleSweep(this.queue, RepairSweeps.webhookSubscriptions, HOUR_MS);
    await scheduleSweep(this.queue, RepairSweeps.webhookDeliveries, HOUR_MS);
    // Stores linked before webhook keys, or before a new PUBLIC_URL, get their keyed address now
    // rather than within the hour: one run for replicas starting together (the job id is fixed).
    await this.queue.add(
      RepairSweeps.webhookSubscriptions,
      {},
      { jobId: `${RepairSweeps.webhookSubscriptions}-at-start`, removeOnComplete: true, removeOnFail: true },
    );
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === RepairSweeps.recentOrders) return this.recentOrders.execute();
    if (job.name === RepairSweeps.webhookSubscriptions) return this.webhooks.renewOutdated();
    if (job.name === RepairSweeps.webhookDeliveries) return this.deliveries.forgetOld();
    throw new Error(`Unknown youcan-repair job "${job.name}"`);
  }
}
