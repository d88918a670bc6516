import { getQueueToken, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { runsWorkers, SERVICE_ROLE, type ServiceRole } from '../service-role';
import { observeQueue } from './queue.metrics';

/**
 * Finds the service's BullMQ processors once their workers exist, and observes their queues: in
 * a role that runs them (worker.ts), not in main.ts, whose processors have no worker.
 */
@Injectable()
export class QueueMetricsExplorer implements OnApplicationBootstrap {
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly moduleRef: ModuleRef,
    @Optional() @Inject(SERVICE_ROLE) private readonly role?: ServiceRole,
  ) {}

  onApplicationBootstrap(): void {
    if (!runsWorkers(this.role)) return;
    for (const { instance } of this.discovery.getProviders()) {
      if (!(instance instanceof WorkerHost)) continue;
      const worker = instance.worker;
      try {
        observeQueue(this.moduleRef.get<Queue>(getQueueToken(worker.name), { strict: false }), worker);
      } catch {
        this.logger.warn(
          `No queue registered for the processor of ${worker.name}: its depth is not reported`,
        );
      }
    }
  }
}
