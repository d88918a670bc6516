import { Processor } from '@nestjs/bullmq';
import { type OnApplicationBootstrap } from '@nestjs/common';
import { RepairSweeps, YOUCAN_REPAIR_JOBS, type YoucanRepairJobs } from '@tawsil/contracts/queues';
import {
  InjectJobQueue,
  JobProcessor,
  JobQueue,
  REPEAT_SAFE_WORKER,
  scheduleSweep,
  type JobHandlers,
} from '@tawsil/nest-common';
import { StoresYoucanConfig } from '../config/stores-youcan.config';
import { ResendStoreOwnersUseCase } from '../stores/use-cases/resend-store-owners.use-case';
import { WebhookSubscriptions } from '../stores/webhook-subscriptions';
import { RereadRecentOrdersUseCase } from './use-cases/reread-recent-orders.use-case';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';

const HOUR_MS = 3_600_000;

/** The stores/youcan service's scheduled repair sweeps. */
@Processor(YOUCAN_REPAIR_JOBS.queue, { concurrency: 1, lockDuration: 60_000, ...REPEAT_SAFE_WORKER })
export class YoucanRepairProcessor extends JobProcessor<YoucanRepairJobs> implements OnApplicationBootstrap {
  protected readonly handlers: JobHandlers<YoucanRepairJobs> = {
    [RepairSweeps.recentOrders]: () => this.recentOrders.execute(),
    [RepairSweeps.webhookSubscriptions]: () => this.webhooks.renewOutdated(),
    [RepairSweeps.webhookDeliveries]: () => this.deliveries.forgetOld(),
    [RepairSweeps.storeOwners]: () => this.storeOwners.execute(),
  };

  constructor(
    @InjectJobQueue(YOUCAN_REPAIR_JOBS) private readonly queue: JobQueue<YoucanRepairJobs>,
    private readonly config: StoresYoucanConfig,
    private readonly recentOrders: RereadRecentOrdersUseCase,
    private readonly webhooks: WebhookSubscriptions,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly storeOwners: ResendStoreOwnersUseCase,
  ) {
    super(YOUCAN_REPAIR_JOBS);
  }

  async onApplicationBootstrap() {
    await scheduleSweep(this.queue, RepairSweeps.recentOrders, this.config.REPAIR_RECENT_ORDERS_INTERVAL_MS);
    await scheduleSweep(this.queue, RepairSweeps.webhookSubscriptions, HOUR_MS);
    await scheduleSweep(this.queue, RepairSweeps.webhookDeliveries, HOUR_MS);
    await scheduleSweep(this.queue, RepairSweeps.storeOwners, this.config.REPAIR_STORE_OWNERS_INTERVAL_MS);
    // Stores linked before webhook keys, or before a new PUBLIC_URL, get their keyed address now
    // rather than within the hour: one run for replicas starting together (the job id is fixed).
    await this.queue.add(
      RepairSweeps.webhookSubscriptions,
      {},
      { jobId: `${RepairSweeps.webhookSubscriptions}-at-start`, removeOnComplete: true, removeOnFail: true },
    );
    // Orders and delivery/zr learn the stores linked before they kept their own copy (the backfill).
    await this.queue.add(
      RepairSweeps.storeOwners,
      {},
      { jobId: `${RepairSweeps.storeOwners}-at-start`, removeOnComplete: true, removeOnFail: true },
    );
  }
}
