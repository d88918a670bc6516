import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { IDENTITY_STORE_EVENTS_JOBS, type IdentityStoreEventsJobs } from '@tawsil/contracts/queues';
import { JobProcessor, REPEAT_SAFE_WORKER, type JobHandlers } from '@tawsil/nest-common';
import { MembershipsRepository } from './memberships.repository';

/** A removed store takes its confirmateurs' memberships with it. */
@Processor(IDENTITY_STORE_EVENTS_JOBS.queue, REPEAT_SAFE_WORKER)
export class StoreEventsProcessor extends JobProcessor<IdentityStoreEventsJobs> {
  private readonly logger = new Logger(StoreEventsProcessor.name);

  protected readonly handlers: JobHandlers<IdentityStoreEventsJobs> = {
    'store-removed': async ({ storeId }) => {
      const removed = await this.memberships.removeStore(storeId);
      this.logger.log({ storeId, removed }, 'Memberships of a removed store deleted');
      return { removed };
    },
  };

  constructor(private readonly memberships: MembershipsRepository) {
    super(IDENTITY_STORE_EVENTS_JOBS);
  }
}
