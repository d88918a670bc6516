import { Injectable } from '@nestjs/common';
import { YOUCAN_IMPORT_JOBS, type YoucanImportJobs } from '@tawsil/contracts/queues';
import { InjectJobQueue, JobQueue } from '@tawsil/nest-common';

export const IMPORT_ATTEMPTS = 8;

/** Starts a store's import; one job per store at a time, whoever asks and however often. */
@Injectable()
export class ImportQueue {
  constructor(@InjectJobQueue(YOUCAN_IMPORT_JOBS) private readonly queue: JobQueue<YoucanImportJobs>) {}

  async start(storeId: string): Promise<void> {
    await this.queue.add(
      'import',
      { storeId },
      {
        jobId: this.jobId(storeId),
        attempts: IMPORT_ATTEMPTS,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: true,
        removeOnFail: { count: 1000 },
      },
    );
  }

  /** Drops a waiting import; a running one sees its store gone and stops by itself. */
  async cancel(storeId: string): Promise<void> {
    const job = await this.queue.getJob(this.jobId(storeId));
    if (job && !(await job.isActive())) await job.remove().catch(() => undefined);
  }

  private jobId(storeId: string) {
    return `import-${storeId}`;
  }
}
