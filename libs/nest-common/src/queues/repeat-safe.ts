/**
 * Worker options for queues whose handlers are repeat-safe (an upsert keeping the newer copy, a
 * delete, a status move from named statuses only): a job whose worker stalled (starved of CPU,
 * killed) is run again rather than failed after the first stall.
 */
export const REPEAT_SAFE_WORKER = { maxStalledCount: 5 } as const;

/**
 * Attempts of a repeat-safe job, with exponential backoff from 1 s: about 18 hours of retries, so a
 * PostgreSQL or service outage of hours loses nothing.
 */
export const REPEAT_SAFE_ATTEMPTS = 16;

/**
 * Options of a repeat-safe job that must not be lost: retried as above, gone once done, and the
 * last thousand failures kept for an operator to read.
 */
export const REPEAT_SAFE_JOB = {
  attempts: REPEAT_SAFE_ATTEMPTS,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: { count: 1000 },
} as const;
