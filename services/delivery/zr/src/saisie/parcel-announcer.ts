import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  ORDERS_PARCEL_EVENTS_JOBS,
  type OrdersParcelEventsJobs,
  type ParcelsSentJob,
} from '@tawsil/contracts/queues';
import { InjectJobQueue, JobQueue } from '@tawsil/nest-common';
import type { Job, JobsOptions } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SaisieJob } from './saisie-job.entity';

/** The notice a saisie sends when it ends, and the one the repair sweep sends in its place. */
export const noticeJobId = (saisieId: string) => `saisie-${saisieId}`;
export const repairNoticeJobId = (saisieId: string) => `saisie-${saisieId}-repair`;

const NOTICE: JobsOptions = {
  attempts: 20,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

type Sender = Pick<SaisieJob, 'id' | 'ownerId' | 'ownerName'>;

/**
 * Tells orders which orders became parcels (they turn `saisie`), and records in the parcels
 * table once orders has applied it: tracking reports a parcel's states only from then on.
 */
@Injectable()
export class ParcelAnnouncer {
  constructor(
    @InjectJobQueue(ORDERS_PARCEL_EVENTS_JOBS) private readonly queue: JobQueue<OrdersParcelEventsJobs>,
    private readonly em: EntityManager,
  ) {}

  /** Queues the notice under `jobId` (a job id already taken leaves that job as it is). */
  notify(sender: Sender, parcels: ParcelsSentJob['parcels'], jobId: string): Promise<Job<ParcelsSentJob>> {
    return this.queue.add(
      'parcels-sent',
      { user: { _id: sender.ownerId, name: sender.ownerName }, parcels },
      { ...NOTICE, jobId },
    );
  }

  /**
   * Waits up to `waitMs` for orders to apply the notice; answers whether it did. The job's state is
   * read every 200 ms: a completion event can fire before a listener is in place, its state cannot.
   */
  async applied(notice: Job<ParcelsSentJob>, waitMs: number): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const state = await notice.getState();
      if (state === 'completed') return true;
      if (state === 'failed' || state === 'unknown' || Date.now() >= deadline) return false;
      await sleep(200);
    }
  }

  async markAnnounced(trackings: string[]): Promise<void> {
    if (trackings.length === 0) return;
    await this.em.fork().execute(
      `update delivery_zr.parcels set announced_at = now()
       where tracking in (select jsonb_array_elements_text(?::jsonb)) and announced_at is null`,
      [JSON.stringify(trackings)],
    );
  }

  /** The BullMQ state of a notice, or undefined when there is none. */
  async stateOf(jobId: string): Promise<string | undefined> {
    const job = await this.queue.getJob(jobId);
    return job ? job.getState() : undefined;
  }

  async removeNotice(jobId: string): Promise<void> {
    await this.queue.remove(jobId);
  }
}
