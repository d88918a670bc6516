/**
 * What a service process runs: `rpc` (main.ts) answers RPC and adds jobs to queues; `worker`
 * (worker.ts) runs the queue processors; both come from one image and scale apart. `all` is
 * main.ts with RUN_WORKERS=true: one process doing both, for a small deployment.
 */
export type ServiceRole = 'rpc' | 'worker' | 'all';

/** Injection token of the process's role. */
export const SERVICE_ROLE = Symbol('SERVICE_ROLE');

/** Whether the process's queue processors take jobs. */
export const runsWorkers = (role: ServiceRole | undefined): boolean => role === 'worker' || role === 'all';
