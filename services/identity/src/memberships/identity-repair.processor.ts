import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap } from '@nestjs/common';
import { QueueName, RepairSweeps } from '@tawsil/contracts/queues';
import { REPEAT_SAFE_WORKER, scheduleSweep } from '@tawsil/nest-common';
import type { Job, Queue } from 'bullmq';
import { IdentityConfig } from '../config/identity.config';
import { RemovedStoreMembershipsSweep } from './removed-store-memberships.sweep';

/** The identity service's scheduled repair sweeps. */
@Processor(QueueName.IdentityRepair, { concurrency: 1, ...REPEAT_SAFE_WORKER })
export class IdentityRepairProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QueueName.IdentityRepair) private readonly queue: Queue,
    private readonly config: IdentityConfig,
    private readonly removedStoreMemberships: RemovedStoreMembershipsSweep,
  ) {
    super();
  }

  async onApplicationBootstrap() {
    await scheduleSweep(
      this.queue,
      RepairSweeps.removedStoreMemberships,
      this.config.REPAIR_REMOVED_STORES_INTERVAL_MS,
    );
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === RepairSweeps.removedStoreMemberships) return this.removedStoreMemberships.execute();
    throw new Error(`Unknown identity-repair job "${job.name}"`);
  }
}
