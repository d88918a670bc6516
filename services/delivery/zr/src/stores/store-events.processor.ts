import { Processor } from '@nestjs/bullmq';
import { ZR_STORE_EVENTS_JOBS, type ZrStoreEventsJobs } from '@tawsil/contracts/queues';
import { JobProcessor, REPEAT_SAFE_WORKER, type JobHandlers } from '@tawsil/nest-common';
import { StoreOwnersRepository } from './store-owners.repository';

/** Stores linked and removed, from stores/youcan, into delivery/zr's record of their owners. */
@Processor(ZR_STORE_EVENTS_JOBS.queue, { concurrency: 2, ...REPEAT_SAFE_WORKER })
export class StoreEventsProcessor extends JobProcessor<ZrStoreEventsJobs> {
  protected readonly handlers: JobHandlers<ZrStoreEventsJobs> = {
    stores: (data) => this.owners.apply(data),
  };

  constructor(private readonly owners: StoreOwnersRepository) {
    super(ZR_STORE_EVENTS_JOBS);
  }
}
