import { queueJobs } from '@tawsil/contracts/queues';
import type { Job } from 'bullmq';
import { checkJobHandlers, JobProcessor, type JobHandlers } from './job-processor';

interface ParcelJobs {
  sent: { orderId: string };
  returned: { orderId: string; reason: string };
}
const PARCEL_JOBS = queueJobs<ParcelJobs>('parcels', { sent: true, returned: true });

const jobNamed = (name: string, data: unknown) => ({ name, data }) as Job;

class ParcelProcessor extends JobProcessor<ParcelJobs> {
  readonly seen: string[] = [];

  protected readonly handlers: JobHandlers<ParcelJobs> = {
    sent: async ({ orderId }) => this.seen.push(`sent ${orderId}`),
    returned: async ({ orderId, reason }) => this.seen.push(`returned ${orderId}: ${reason}`),
  };

  constructor() {
    super(PARCEL_JOBS);
  }
}

describe('JobProcessor', () => {
  it('hands each job to the handler of its name, with its payload', async () => {
    const processor = new ParcelProcessor();
    await processor.process(jobNamed('returned', { orderId: 'o1', reason: 'refused' }));
    await processor.process(jobNamed('sent', { orderId: 'o2' }));
    expect(processor.seen).toEqual(['returned o1: refused', 'sent o2']);
  });

  it('fails a job whose name the queue does not have, naming it, and runs no handler', async () => {
    const processor = new ParcelProcessor();
    await expect(processor.process(jobNamed('lost', { orderId: 'o1' }))).rejects.toThrow(
      "parcels: no handler for job 'lost'",
    );
    expect(processor.seen).toEqual([]);
  });

  it('starts when every job of the queue has its handler', () => {
    expect(() => new ParcelProcessor().onModuleInit()).not.toThrow();
  });

  it('fails start-up naming the job whose handler was left out of handlers built at run time', () => {
    class PartialProcessor extends JobProcessor<ParcelJobs> {
      protected readonly handlers = Object.fromEntries([
        ['sent', async () => undefined],
      ]) as unknown as JobHandlers<ParcelJobs>;

      constructor() {
        super(PARCEL_JOBS);
      }
    }
    expect(() => new PartialProcessor().onModuleInit()).toThrow("parcels: no handler for job 'returned'");
  });
});

describe('checkJobHandlers', () => {
  const handle = async () => undefined;

  it('fails start-up naming the job without a handler', () => {
    expect(() => checkJobHandlers(PARCEL_JOBS, { sent: handle })).toThrow(
      "parcels: no handler for job 'returned'",
    );
  });

  it('fails start-up naming a handler for a job the queue does not have', () => {
    expect(() => checkJobHandlers(PARCEL_JOBS, { sent: handle, returned: handle, lost: handle })).toThrow(
      "parcels: a handler for job 'lost', which is not in its job map",
    );
  });

  it('takes a handler that is not a function for none', () => {
    expect(() => checkJobHandlers(PARCEL_JOBS, { sent: handle, returned: undefined })).toThrow(
      "parcels: no handler for job 'returned'",
    );
  });
});

// Compile-time checks (npm run typecheck): a missing or extra handler, or a wrong payload, does not build.
// @ts-expect-error -- 'returned' has no handler
export const missing: JobHandlers<ParcelJobs> = {
  sent: async () => undefined,
};
export const wrongPayload: JobHandlers<ParcelJobs> = {
  // @ts-expect-error -- a sent parcel's payload has no reason
  sent: async ({ reason }) => reason,
  returned: async ({ reason }) => reason,
};
export const extra: JobHandlers<ParcelJobs> = {
  sent: async () => undefined,
  returned: async () => undefined,
  // @ts-expect-error -- 'lost' is not a job of the map
  lost: async () => undefined,
};
// @ts-expect-error -- a job name missing from the runtime list
queueJobs<ParcelJobs>('parcels', { sent: true });
