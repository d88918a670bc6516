import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap } from '@nestjs/common';
import { QueueName, RepairSweeps } from '@tawsil/contracts/queues';
import { REPEAT_SAFE_WORKER, scheduleSweep } from '@tawsil/nest-common';
import type { Job, Queue } from 'bullmq';
import { DeliveryZrConfig } from '../config/delivery-zr.config';
import { AbandonedSaisiesSweep } from './abandoned-saisies.sweep';
import { UnannouncedParcelsSweep } from './unannounced-parcels.sweep';

/** The delivery/zr service's scheduled repair sweeps. */
@Processor(QueueName.ZrRepair, { concurrency: 1, lockDuration: 60_000, ...REPEAT_SAFE_WORKER })
export class ZrRepairProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QueueName.ZrRepair) private readonly queue: Queue,
    private readonly config: DeliveryZrConfig,
    private readonly unannouncedParcels: UnannouncedParcelsSweep,
    private readonly abandonedSaisies: AbandonedSaisiesSweep,
  ) {
    super();
  }

  async onApplicationBootstrap() {
    await scheduleSweep(this.queue, RepairSweeps.unannouncedParcels, this.config.REPAIR_PARCELS_INTERVAL_MS);
    await scheduleSweep(this.queue, RepairSweeps.abandonedSaisies, this.config.REPAIR_SAISIES_INTERVAL_MS);
  }

  async process(job: Job): Promise<unknown> {
    switch (job.name) {
      case RepairSweeps.unannouncedParcels:
        return this.unannouncedParcels.execute();
      case RepairSweeps.abandonedSaisies:
        return this.abandonedSaisies.execute();
      default:
        throw new Error(`Unknown zr-repair job "${job.name}"`);
    }
  }
}
