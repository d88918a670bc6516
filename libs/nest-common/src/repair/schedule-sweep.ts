import type { JobName } from '@tawsil/contracts/queues';
import type { JobQueue } from '../queues/job-queue';
import { declareSweep } from './repair.metrics';

/**
 * Runs a repair sweep every `everyMs` through BullMQ's job scheduler: one run at a time across
 * every replica, and a new interval replaces the old one at the next start.
 */
export async function scheduleSweep<Jobs>(
  queue: JobQueue<Jobs>,
  sweep: JobName<Jobs>,
  everyMs: number,
): Promise<void> {
  declareSweep(sweep);
  await queue.every(sweep, everyMs, sweep, { removeOnComplete: 100, removeOnFail: 100 });
}
