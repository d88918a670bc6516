import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { ORDERS_ACCESS_JOBS, type OrdersAccessJobs } from '@tawsil/contracts/queues';
import { JobProcessor, REPEAT_SAFE_WORKER, type JobHandlers } from '@tawsil/nest-common';
import { AccessAnnouncer } from './access-announcer';
import { StoreAccessRepository } from './store-access.repository';

/**
 * Stores linked and removed (stores/youcan) and agents' stores (identity), into orders' own
 * record; what changed is then announced to the gateways' live streams.
 */
@Processor(ORDERS_ACCESS_JOBS.queue, { concurrency: 4, ...REPEAT_SAFE_WORKER })
export class AccessEventsProcessor extends JobProcessor<OrdersAccessJobs> {
  private readonly logger = new Logger(AccessEventsProcessor.name);

  protected readonly handlers: JobHandlers<OrdersAccessJobs> = {
    stores: async (data) => {
      const { owners, stores } = await this.access.applyStores(data);
      await this.announcer.announce([
        ...stores.map((store) => ({ store })),
        ...owners.map((user) => ({ user })),
      ]);
      return { linked: owners.length, removed: stores.length };
    },
    'agent-stores': async (data) => {
      const { changed, ...applied } = await this.access.applyAgents(data);
      if (applied.removed || applied.added) this.logger.log(applied, "Agents' stores changed");
      await this.announcer.announce(changed.map((user) => ({ user })));
      return applied;
    },
  };

  constructor(
    private readonly access: StoreAccessRepository,
    private readonly announcer: AccessAnnouncer,
  ) {
    super(ORDERS_ACCESS_JOBS);
  }
}
