import { Processor } from '@nestjs/bullmq';
import { type OnApplicationBootstrap } from '@nestjs/common';
import { RepairSweeps, ZR_REPAIR_JOBS, type ZrRepairJobs } from '@tawsil/contracts/queues';
import {
  InjectJobQueue,
  JobProcessor,
  JobQueue,
  REPEAT_SAFE_WORKER,
  scheduleSweep,
  type JobHandlers,
} from '@tawsil/nest-common';
import { AccountWebhooks } from '../accounts/account-webhooks';
import { DeliveryZrConfig } from '../config/delivery-zr.config';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { AbandonedSaisiesSweep } from './abandoned-saisies.sweep';
import { UnannouncedParcelsSweep } from './unannounced-parcels.sweep';

const HOUR_MS = 60 * 60 * 1000;

/** The delivery/zr service's scheduled repair sweeps. */
@Processor(ZR_REPAIR_JOBS.queue, { concurrency: 1, lockDuration: 60_000, ...REPEAT_SAFE_WORKER })
export class ZrRepairProcessor extends JobProcessor<ZrRepairJobs> implements OnApplicationBootstrap {
  protected readonly handlers: JobHandlers<ZrRepairJobs> = {
    [RepairSweeps.unannouncedParcels]: () => this.unannouncedParcels.execute(),
    [RepairSweeps.abandonedSaisies]: () => this.abandonedSaisies.execute(),
    [RepairSweeps.zrWebhookEndpoints]: () => this.webhooks.renewOutdated(),
    [RepairSweeps.zrWebhookDeliveries]: () => this.webhookDeliveries.forgetOld(),
  };

  constructor(
    @InjectJobQueue(ZR_REPAIR_JOBS) private readonly queue: JobQueue<ZrRepairJobs>,
    private readonly config: DeliveryZrConfig,
    private readonly unannouncedParcels: UnannouncedParcelsSweep,
    private readonly abandonedSaisies: AbandonedSaisiesSweep,
    private readonly webhooks: AccountWebhooks,
    private readonly webhookDeliveries: WebhookDeliveriesRepository,
  ) {
    super(ZR_REPAIR_JOBS);
  }

  async onApplicationBootstrap() {
    await scheduleSweep(this.queue, RepairSweeps.unannouncedParcels, this.config.REPAIR_PARCELS_INTERVAL_MS);
    await scheduleSweep(this.queue, RepairSweeps.abandonedSaisies, this.config.REPAIR_SAISIES_INTERVAL_MS);
    await scheduleSweep(this.queue, RepairSweeps.zrWebhookEndpoints, HOUR_MS);
    await scheduleSweep(this.queue, RepairSweeps.zrWebhookDeliveries, HOUR_MS);
    // Accounts added before webhooks, or before a new PUBLIC_URL, get their endpoint now rather
    // than within the hour: one run for replicas starting together (the job id is fixed).
    await this.queue.add(
      RepairSweeps.zrWebhookEndpoints,
      {},
      { jobId: `${RepairSweeps.zrWebhookEndpoints}-at-start`, removeOnComplete: true, removeOnFail: true },
    );
  }
}
