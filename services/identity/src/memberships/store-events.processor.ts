import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { QueueName, type StoreRemovedJob } from '@tawsil/contracts/queues';
import { REPEAT_SAFE_WORKER } from '@tawsil/nest-common';
import type { Job } from 'bullmq';
import { MembershipsRepository } from './memberships.repository';

/** A removed store takes its confirmateurs' memberships with it. */
@Processor(QueueName.IdentityStoreEvents, REPEAT_SAFE_WORKER)
export class StoreEventsProcessor extends WorkerHost {
  private readonly logger = new Logger(StoreEventsProcessor.name);

  constructor(private readonly memberships: MembershipsRepository) {
    super();
  }

  async process(job: Job<StoreRemovedJob>): Promise<{ removed: number }> {
    const removed = await this.memberships.removeStore(job.data.storeId);
    this.logger.log({ storeId: job.data.storeId, removed }, 'Memberships of a removed store deleted');
    return { removed };
  }
}
