import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { ORDERS_ACCESS_JOBS, type OrdersAccessJobs } from '@tawsil/contracts/queues';
import { JobProcessor, REPEAT_SAFE_WORKER, type JobHandlers } from '@tawsil/nest-common';
import { StoreAccessRepository } from './store-access.repository';

/** Stores linked and removed (stores/youcan) and agents' stores (identity), into orders' own record. */
@Processor(ORDERS_ACCESS_JOBS.queue, { concurrency: 4, ...REPEAT_SAFE_WORKER })
export class AccessEventsProcessor extends JobProcessor<OrdersAccessJobs> {
  private readonly logger = new Logger(AccessEventsProcessor.name);

  protected readonly handlers: JobHandlers<OrdersAccessJobs> = {
    stores: (data) => this.access.applyStores(data),
    'agent-stores': async (data) => {
      const applied = await this.access.applyAgents(data);
      if (applied.removed || applied.added) this.logger.log(applied, "Agents' stores changed");
      return applied;
    },
  };

  constructor(private readonly access: StoreAccessRepository) {
    super(ORDERS_ACCESS_JOBS);
  }
}
