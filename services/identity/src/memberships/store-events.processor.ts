import { Processor } from '@nestjs/bullmq';
import { IDENTITY_STORE_EVENTS_JOBS, type IdentityStoreEventsJobs } from '@tawsil/contracts/queues';
import { JobProcessor, REPEAT_SAFE_WORKER, type JobHandlers } from '@tawsil/nest-common';
import { RemoveStoreMembershipsUseCase } from './use-cases/remove-store-memberships.use-case';

/** Events of stores/youcan's stores that identity acts on. */
@Processor(IDENTITY_STORE_EVENTS_JOBS.queue, REPEAT_SAFE_WORKER)
export class StoreEventsProcessor extends JobProcessor<IdentityStoreEventsJobs> {
  protected readonly handlers: JobHandlers<IdentityStoreEventsJobs> = {
    'store-removed': (data) => this.removeStoreMemberships.execute(data),
  };

  constructor(private readonly removeStoreMemberships: RemoveStoreMembershipsUseCase) {
    super(IDENTITY_STORE_EVENTS_JOBS);
  }
}
