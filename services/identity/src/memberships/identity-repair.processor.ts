import { Processor } from '@nestjs/bullmq';
import { type OnApplicationBootstrap } from '@nestjs/common';
import { IDENTITY_REPAIR_JOBS, RepairSweeps, type IdentityRepairJobs } from '@tawsil/contracts/queues';
import {
  InjectJobQueue,
  JobProcessor,
  JobQueue,
  REPEAT_SAFE_WORKER,
  scheduleSweep,
  type JobHandlers,
} from '@tawsil/nest-common';
import { IdentityConfig } from '../config/identity.config';
import { AgentStoresPublisher } from './agent-stores.publisher';
import { SweepRemovedStoreMembershipsUseCase } from './use-cases/sweep-removed-store-memberships.use-case';

/** The identity service's scheduled repair sweeps. */
@Processor(IDENTITY_REPAIR_JOBS.queue, { concurrency: 1, ...REPEAT_SAFE_WORKER })
export class IdentityRepairProcessor
  extends JobProcessor<IdentityRepairJobs>
  implements OnApplicationBootstrap
{
  protected readonly handlers: JobHandlers<IdentityRepairJobs> = {
    [RepairSweeps.removedStoreMemberships]: () => this.removedStoreMemberships.execute(),
    [RepairSweeps.agentStores]: async () => ({ agents: await this.agentStores.all() }),
  };

  constructor(
    @InjectJobQueue(IDENTITY_REPAIR_JOBS) private readonly queue: JobQueue<IdentityRepairJobs>,
    private readonly config: IdentityConfig,
    private readonly removedStoreMemberships: SweepRemovedStoreMembershipsUseCase,
    private readonly agentStores: AgentStoresPublisher,
  ) {
    super(IDENTITY_REPAIR_JOBS);
  }

  async onApplicationBootstrap() {
    await scheduleSweep(
      this.queue,
      RepairSweeps.removedStoreMemberships,
      this.config.REPAIR_REMOVED_STORES_INTERVAL_MS,
    );
    await scheduleSweep(this.queue, RepairSweeps.agentStores, this.config.REPAIR_AGENT_STORES_INTERVAL_MS);
    // Orders learns the memberships made before it kept its own copy (the backfill).
    await this.queue.add(
      RepairSweeps.agentStores,
      {},
      { jobId: `${RepairSweeps.agentStores}-at-start`, removeOnComplete: true, removeOnFail: true },
    );
  }
}
