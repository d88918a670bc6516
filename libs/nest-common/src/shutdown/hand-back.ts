import { Logger } from '@nestjs/common';
import { WaitingError, type Job, type Worker } from 'bullmq';

const logger = new Logger('Worker');

/**
 * Called between two steps of a long job: when its worker is stopping, the job goes back to the
 * waiting list for another worker (or this one, restarted), which resumes after the steps done.
 */
export async function handBackIfStopping(worker: Worker, job: Job, token: string | undefined): Promise<void> {
  if (!worker.closing || !token) return;
  await job.moveToWait(token);
  logger.log({ queue: worker.name, jobId: job.id }, 'Job handed back: its worker is stopping');
  throw new WaitingError();
}
