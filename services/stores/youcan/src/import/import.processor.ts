import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { YOUCAN_IMPORT_JOBS, type YoucanImportJob, type YoucanImportJobs } from '@tawsil/contracts/queues';
import { handBackIfStopping, JobProcessor, type JobHandlers } from '@tawsil/nest-common';
import type { Job } from 'bullmq';
import { IMPORT_ATTEMPTS } from './import-queue';
import { FailImportUseCase } from './use-cases/fail-import.use-case';
import { ImportStoreOrdersUseCase } from './use-cases/import-store-orders.use-case';

/**
 * A newly linked store's import, one job per store. A worker that is stopping hands the job back
 * between two pages; an import out of attempts is marked failed on its store.
 */
@Processor(YOUCAN_IMPORT_JOBS.queue, { concurrency: 2, lockDuration: 10_000, stalledInterval: 5_000 })
export class ImportProcessor extends JobProcessor<YoucanImportJobs> {
  protected readonly handlers: JobHandlers<YoucanImportJobs> = {
    import: ({ storeId }, job, token) =>
      this.importStoreOrders.execute({
        storeId,
        beforePage: () => handBackIfStopping(this.worker, job, token),
        progress: (figures) => job.updateProgress(figures),
      }),
  };

  constructor(
    private readonly importStoreOrders: ImportStoreOrdersUseCase,
    private readonly failImport: FailImportUseCase,
  ) {
    super(YOUCAN_IMPORT_JOBS);
  }

  @OnWorkerEvent('failed')
  async onFailed(job: Job<YoucanImportJob> | undefined, error: Error) {
    if (!job || job.attemptsMade < (job.opts.attempts ?? IMPORT_ATTEMPTS)) return;
    await this.failImport.execute(job.data.storeId, error.message);
  }
}
