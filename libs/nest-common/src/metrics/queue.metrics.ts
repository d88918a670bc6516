import { UnrecoverableError, type Job, type Queue, type Worker } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import { Gauge, Histogram } from 'prom-client';
import { BACKGROUND_BUCKETS, metricsRegistry } from './metrics-registry';

const DEPTH_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
const DEPTH_TIMEOUT_MS = 2000;

/** The queues this service consumes; each queue has one consuming service, which reports its depth. */
const consumedQueues = new Set<Queue>();

new Gauge({
  name: 'tawsil_queue_jobs',
  help: 'Jobs in a queue this service consumes, by state, read from Redis at scrape time',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    await Promise.all(
      [...consumedQueues].map(async (queue) => {
        // A queue Redis cannot answer for (in time) is left out of this scrape rather than failing
        // or holding all of it: BullMQ's connection waits for Redis to come back.
        const counts = await Promise.race([
          queue.getJobCounts(...DEPTH_STATES).catch(() => undefined),
          sleep(DEPTH_TIMEOUT_MS, undefined, { ref: false }),
        ]);
        if (counts)
          for (const state of DEPTH_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
      }),
    );
  },
});

const jobDuration = new Histogram({
  name: 'tawsil_queue_job_duration_seconds',
  help: 'Jobs run by this service, by queue and outcome (completed, retried, failed), and how long they ran',
  labelNames: ['queue', 'outcome'] as const,
  buckets: BACKGROUND_BUCKETS,
  registers: [metricsRegistry],
});

const secondsRunning = (job: Job) => (Date.now() - (job.processedOn ?? Date.now())) / 1000;

/** Reports the depth of a consumed queue and times the jobs its worker runs. */
export function observeQueue(queue: Queue, worker: Worker): void {
  consumedQueues.add(queue);
  worker.on('closed', () => consumedQueues.delete(queue));
  worker.on('completed', (job) =>
    jobDuration.observe({ queue: queue.name, outcome: 'completed' }, secondsRunning(job)),
  );
  worker.on('failed', (job, error) => {
    if (!job) return;
    const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    jobDuration.observe({ queue: queue.name, outcome: final ? 'failed' : 'retried' }, secondsRunning(job));
  });
}
