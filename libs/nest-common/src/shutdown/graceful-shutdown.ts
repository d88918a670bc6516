import type { INestApplication } from '@nestjs/common';
import { WorkerHost } from '@nestjs/bullmq';
import { DiscoveryService } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { runsWorkers, SERVICE_ROLE, type ServiceRole } from '../service-role';

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * On SIGTERM or SIGINT, the BullMQ workers stop first: they take no new job, and each job in
 * progress ends or is handed back to its queue, while the database, Redis and the RPC client are
 * still open for it. Only then does the rest of the app close, and the process exits with 0.
 * Nest's own shutdown hooks close the ORM and the workers in the same phase, in module order.
 */
export function closeGracefullyOnSignal(app: INestApplication): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const logger = app.get(Logger);
    const workers = bullWorkers(app);
    // The last argument is the context: without one, nestjs-pino would take the message for it.
    logger.log({ signal, workers: workers.length }, 'Stopping: finishing the jobs in progress', 'Shutdown');
    try {
      await Promise.all(workers.map((worker) => worker.close()));
      await app.close();
      process.exit(0);
    } catch (error) {
      logger.error({ reason: (error as Error).message }, 'Stopping failed', 'Shutdown');
      process.exit(1);
    }
  };
  for (const signal of SIGNALS) process.on(signal, (received) => void stop(received));
}

/** The processors' workers, started only in a role that runs them. */
function bullWorkers(app: INestApplication) {
  let role: ServiceRole | undefined;
  try {
    role = app.get<symbol, ServiceRole>(SERVICE_ROLE, { strict: false });
  } catch {
    return []; // no queues in this app
  }
  if (!runsWorkers(role)) return [];
  return app
    .get(DiscoveryService)
    .getProviders()
    .map((wrapper) => wrapper.instance as unknown)
    .filter((instance): instance is WorkerHost => instance instanceof WorkerHost)
    .map((host) => host.worker);
}
