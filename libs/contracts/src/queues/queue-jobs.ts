/** The job names of a queue's job map (job name -> payload). */
export type JobName<Jobs> = keyof Jobs & string;

/** A queue and, at run time, the names of its jobs; `Jobs` maps each job name to its payload. */
export interface QueueJobs<Jobs> {
  readonly queue: string;
  readonly names: readonly JobName<Jobs>[];
}

/** Any queue's job names, for code that needs only the names (start-up checks, injection tokens). */
export interface SomeQueueJobs {
  readonly queue: string;
  readonly names: readonly string[];
}

/** A job without a payload: repair sweeps and scheduled ticks. */
export type NoData = Record<string, never>;

/**
 * The queue's job names, each listed once in `names`: one missing from the job map, or one the
 * map does not have, is a type error.
 */
export function queueJobs<Jobs>(
  queue: string,
  names: { readonly [Name in JobName<Jobs>]: true },
): QueueJobs<Jobs> {
  return { queue, names: Object.keys(names) as JobName<Jobs>[] };
}
