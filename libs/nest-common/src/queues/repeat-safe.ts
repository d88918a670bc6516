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
