import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { ZR_SAISIE_JOBS, type ZrSaisieJob, type ZrSaisieJobs } from '@tawsil/contracts/queues';
import {
  handBackIfStopping,
  JobProcessor,
  runsWorkers,
  SERVICE_ROLE,
  type JobHandlers,
  type ServiceRole,
} from '@tawsil/nest-common';
import { DelayedError, type Job } from 'bullmq';
import { DeliveryZrConfig } from '../config/delivery-zr.config';
import { SAISIE_ATTEMPTS } from './saisie-queue';
import { RecordSaisieFailureUseCase } from './use-cases/record-saisie-failure.use-case';
import { RunSaisieJobUseCase, type SaisieRun } from './use-cases/run-saisie-job.use-case';

/** How long a saisie waits, delayed in the queue, before asking again for its accounts' slots. */
const SLOT_WAIT_MS = 2_000;

/** Takes `zr-saisie` jobs to RunSaisieJobUseCase; a job out of attempts ends its saisie as failed. */
@Processor(ZR_SAISIE_JOBS.queue, {
  lockDuration: 15_000,
  stalledInterval: 5_000,
  maxStalledCount: 10,
})
export class SaisieProcessor extends JobProcessor<ZrSaisieJobs> implements OnApplicationBootstrap {
  protected readonly handlers: JobHandlers<ZrSaisieJobs> = {
    saisie: (_data, job, token) => this.runSaisie.execute(this.runOf(job, token)),
  };

  constructor(
    private readonly runSaisie: RunSaisieJobUseCase,
    private readonly recordFailure: RecordSaisieFailureUseCase,
    private readonly config: DeliveryZrConfig,
    @Inject(SERVICE_ROLE) private readonly role: ServiceRole,
  ) {
    super(ZR_SAISIE_JOBS);
  }

  onApplicationBootstrap() {
    // The RPC role adds saisie jobs but runs no worker.
    if (runsWorkers(this.role)) this.worker.concurrency = this.config.SAISIE_CONCURRENCY;
  }

  /** The saisie's view of its BullMQ job. */
  private runOf(job: Job<ZrSaisieJob>, token: string | undefined): SaisieRun {
    return {
      saisieId: job.data.saisieId,
      awaitedAccountIds: job.data.accountIds,
      reportProgress: (progress) => job.updateProgress(progress),
      handBackIfStopping: () => handBackIfStopping(this.worker, job, token),
      // Another saisie is sending to one of these accounts: wait in the queue, not as a failure.
      waitForSlots: async (accountIds) => {
        if (accountIds) await job.updateData({ ...job.data, accountIds });
        await job.moveToDelayed(Date.now() + SLOT_WAIT_MS, token);
        throw new DelayedError();
      },
    };
  }

  @OnWorkerEvent('failed')
  async onFailed(job: Job<ZrSaisieJob> | undefined, error: Error) {
    if (!job || job.attemptsMade < (job.opts.attempts ?? SAISIE_ATTEMPTS)) return;
    await this.recordFailure.execute(job.data.saisieId, error.message);
  }
}
