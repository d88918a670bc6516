import type { Queue } from 'bullmq';
import { declareSweep } from './repair.metrics';

/**
 * Runs a repair sweep every `everyMs` through BullMQ's job scheduler: one run at a time across
 * every replica, and a new interval replaces the old one at the next start.
 */
export async function scheduleSweep(queue: Queue, sweep: string, everyMs: number): Promise<void> {
  declareSweep(sweep);
  await queue.upsertJobScheduler(
    sweep,
    { every: everyMs },
    { name: sweep, opts: { removeOnComplete: 100, removeOnFail: 100 } },
  );
}
