import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Inject, Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { JobName, SomeQueueJobs } from '@tawsil/contracts/queues';
import type { Job, JobSchedulerTemplateOptions, JobsOptions, Queue } from 'bullmq';

/** A BullMQ queue that takes only the jobs of its job map, each with its own payload type. */
export class JobQueue<Jobs> {
  constructor(
    readonly jobs: SomeQueueJobs,
    private readonly queue: Queue,
  ) {}

  async add<Name extends JobName<Jobs>>(
    name: Name,
    data: Jobs[Name],
    opts?: JobsOptions,
  ): Promise<Job<Jobs[Name], unknown, Name>> {
    // The types stop a wrong name at compile time; this stops one injected on the wrong queue.
    if (!this.jobs.names.includes(name))
      throw new Error(`${this.jobs.queue}: no job '${name}' on this queue`);
    return (await this.queue.add(name, data, opts)) as Job<Jobs[Name], unknown, Name>;
  }

  /** Runs job `name` every `everyMs`, one run at a time across replicas; a new interval replaces the old. */
  async every<Name extends JobName<Jobs>>(
    schedulerId: string,
    everyMs: number,
    name: Name,
    opts?: JobSchedulerTemplateOptions,
  ): Promise<void> {
    await this.queue.upsertJobScheduler(schedulerId, { every: everyMs }, { name, opts });
  }

  getJob(jobId: string): Promise<Job<Jobs[JobName<Jobs>], unknown, JobName<Jobs>> | undefined> {
    return this.queue.getJob(jobId) as Promise<Job<Jobs[JobName<Jobs>], unknown, JobName<Jobs>> | undefined>;
  }

  remove(jobId: string): Promise<number> {
    return this.queue.remove(jobId);
  }
}

const jobQueueToken = (queue: string) => `JobQueue:${queue}`;

/** Injects the JobQueue of `jobs`' queue, registered with JobQueuesModule.register. */
export const InjectJobQueue = (jobs: SomeQueueJobs) => Inject(jobQueueToken(jobs.queue));

/** Registers BullMQ queues (for processors and raw injection) and a JobQueue for each. */
@Module({})
export class JobQueuesModule {
  static register(...queues: SomeQueueJobs[]): DynamicModule {
    const bull = BullModule.registerQueue(...queues.map((jobs) => ({ name: jobs.queue })));
    const providers: Provider[] = queues.map((jobs) => ({
      provide: jobQueueToken(jobs.queue),
      useFactory: (queue: Queue) => new JobQueue(jobs, queue),
      inject: [getQueueToken(jobs.queue)],
    }));
    return { module: JobQueuesModule, imports: [bull], providers, exports: [bull, ...providers] };
  }
}
