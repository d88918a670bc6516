import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ZR_SAISIE_JOBS, type ZrSaisieJobs } from '@tawsil/contracts/queues';
import { InjectJobQueue, JobQueue } from '@tawsil/nest-common';
import { SaisieJobsRepository } from './saisie-jobs.repository';

export const SAISIE_ATTEMPTS = 8;
const RECOVERY_INTERVAL_MS = 30_000;

/**
 * Queues saisie jobs (the job id is the saisie id, so adding one twice is a no-op), and puts back
 * any open saisie whose queue entry was lost, e.g. with a Redis that kept no data over a restart.
 */
@Injectable()
export class SaisieQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SaisieQueue.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectJobQueue(ZR_SAISIE_JOBS) private readonly queue: JobQueue<ZrSaisieJobs>,
    private readonly saisies: SaisieJobsRepository,
  ) {}

  async add(saisieId: string): Promise<void> {
    await this.queue.add(
      'saisie',
      { saisieId },
      {
        jobId: saisieId,
        attempts: SAISIE_ATTEMPTS,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    );
  }

  /** Why the saisie's job failed for good, or undefined while it may still run (or has no job). */
  async failedForGood(saisieId: string): Promise<string | undefined> {
    const job = await this.queue.getJob(saisieId);
    if (!job || !(await job.isFailed())) return undefined;
    return job.failedReason || 'the saisie job failed';
  }

  onApplicationBootstrap() {
    void this.requeueLost();
    this.timer = setInterval(() => void this.requeueLost(), RECOVERY_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy() {
    clearInterval(this.timer);
  }

  private async requeueLost(): Promise<void> {
    try {
      for (const saisieId of await this.saisies.openIds(1000)) {
        if (await this.queue.getJob(saisieId)) continue;
        this.logger.warn({ saisieId }, 'Saisie had lost its queue entry: queued again');
        await this.add(saisieId);
      }
    } catch (error) {
      this.logger.warn({ reason: (error as Error).message }, 'Could not check open saisies');
    }
  }
}
