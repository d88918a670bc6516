import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { RepairSweeps, ZR_SAISIE_JOBS, type ZrSaisieJobs } from '@tawsil/contracts/queues';
import { countRepaired, InjectJobQueue, JobQueue } from '@tawsil/nest-common';
import { SaisieFailure } from '../saisie/saisie-failure';
import { SaisieJob } from '../saisie/saisie-job.entity';

/**
 * Saisies still `queued` or `active` whose job has failed for good: the worker died between BullMQ
 * failing the job and its failed hook recording it. They end `failed`, as the hook would have
 * left them. (A saisie whose job is gone altogether is queued again by SaisieQueue.)
 */
@Injectable()
export class AbandonedSaisiesSweep {
  constructor(
    private readonly em: EntityManager,
    @InjectJobQueue(ZR_SAISIE_JOBS) private readonly queue: JobQueue<ZrSaisieJobs>,
    private readonly failure: SaisieFailure,
  ) {}

  async execute(): Promise<{ failed: number }> {
    const open = await this.em
      .fork()
      .find(SaisieJob, { state: { $in: ['queued', 'active'] } }, { fields: ['id'], limit: 1000 });
    let failed = 0;
    for (const saisie of open) {
      const job = await this.queue.getJob(saisie.id);
      if (!job || !(await job.isFailed())) continue;
      await this.failure.record(saisie.id, job.failedReason || 'the saisie job failed');
      failed += 1;
    }
    countRepaired(RepairSweeps.abandonedSaisies, failed);
    return { failed };
  }
}
