import { WorkerHost } from '@nestjs/bullmq';
import type { OnModuleInit } from '@nestjs/common';
import type { JobName, QueueJobs, SomeQueueJobs } from '@tawsil/contracts/queues';
import type { Job } from 'bullmq';

/** One handler per job of the map: a missing or an extra one is a type error. */
export type JobHandlers<Jobs> = {
  readonly [Name in JobName<Jobs>]: (
    data: Jobs[Name],
    job: Job<Jobs[Name], unknown, Name>,
    token: string | undefined,
  ) => Promise<unknown>;
};

type AnyHandler = (data: unknown, job: Job, token: string | undefined) => Promise<unknown>;

/** Throws naming each job of the queue without a handler, and each handler of a job it does not have. */
export function checkJobHandlers(jobs: SomeQueueJobs, handlers: object): void {
  const declared = jobs.names;
  const problems = [
    ...declared
      .filter((name) => typeof (handlers as Record<string, unknown>)[name] !== 'function')
      .map((name) => `no handler for job '${name}'`),
    ...Object.keys(handlers)
      .filter((name) => !declared.includes(name))
      .map((name) => `a handler for job '${name}', which is not in its job map`),
  ];
  if (problems.length) throw new Error(`${jobs.queue}: ${problems.join('; ')}`);
}

/** Runs the job's handler; a job of a name the map does not have fails. */
export async function dispatchJob<Jobs>(
  jobs: QueueJobs<Jobs>,
  handlers: JobHandlers<Jobs>,
  job: Job,
  token: string | undefined,
): Promise<unknown> {
  const declared: readonly string[] = jobs.names;
  // A plain error, not an unrecoverable one: during a rolling deploy a newer worker may know it.
  if (!declared.includes(job.name)) throw new Error(`${jobs.queue}: no handler for job '${job.name}'`);
  const handler = (handlers as unknown as Record<string, AnyHandler>)[job.name];
  return handler(job.data, job, token);
}

/**
 * A BullMQ processor whose jobs go to `handlers` by name. Start-up fails when a job of the queue
 * has no handler or a handler has no job (handlers built at run time escape the types).
 */
export abstract class JobProcessor<Jobs> extends WorkerHost implements OnModuleInit {
  protected abstract readonly handlers: JobHandlers<Jobs>;

  constructor(readonly queueJobs: QueueJobs<Jobs>) {
    super();
  }

  onModuleInit(): void {
    checkJobHandlers(this.queueJobs, this.handlers);
  }

  override process(job: Job, token?: string): Promise<unknown> {
    return dispatchJob(this.queueJobs, this.handlers, job, token);
  }
}
