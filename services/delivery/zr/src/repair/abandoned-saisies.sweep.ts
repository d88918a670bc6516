import { Injectable } from '@nestjs/common';
import { RepairSweeps } from '@tawsil/contracts/queues';
import { countRepaired } from '@tawsil/nest-common';
import { SaisieJobsRepository } from '../saisie/saisie-jobs.repository';
import { SaisieQueue } from '../saisie/saisie-queue';
import { RecordSaisieFailureUseCase } from '../saisie/use-cases/record-saisie-failure.use-case';

/**
 * Saisies still `queued` or `active` whose job has failed for good: the worker died between BullMQ
 * failing the job and its failed hook recording it. They end `failed`, as the hook would have
 * left them. (A saisie whose job is gone altogether is queued again by SaisieQueue.)
 */
@Injectable()
export class AbandonedSaisiesSweep {
  constructor(
    private readonly saisies: SaisieJobsRepository,
    private readonly queue: SaisieQueue,
    private readonly recordFailure: RecordSaisieFailureUseCase,
  ) {}

  async execute(): Promise<{ failed: number }> {
    let failed = 0;
    for (const saisieId of await this.saisies.openIds(1000)) {
      const reason = await this.queue.failedForGood(saisieId);
      if (reason === undefined) continue;
      await this.recordFailure.execute(saisieId, reason);
      failed += 1;
    }
    countRepaired(RepairSweeps.abandonedSaisies, failed);
    return { failed };
  }
}
