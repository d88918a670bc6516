import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ZR_SAISIE_JOBS, type ZrSaisieJobs } from '@tawsil/contracts/queues';
import { InjectJobQueue, JobQueue } from '@tawsil/nest-common';
import { SaisieJob } from './saisie-job.entity';

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
    private readonly em: EntityManager,
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
      const open = await this.em
        .fork()
        .find(SaisieJob, { state: { $in: ['queued', 'active'] } }, { fields: ['id'], limit: 1000 });
      for (const saisie of open) {
        if (await this.queue.getJob(saisie.id)) continue;
        this.logger.warn({ saisieId: saisie.id }, 'Saisie had lost its queue entry: queued again');
        await this.add(saisie.id);
      }
    } catch (error) {
      this.logger.warn({ reason: (error as Error).message }, 'Could not check open saisies');
    }
  }
}
