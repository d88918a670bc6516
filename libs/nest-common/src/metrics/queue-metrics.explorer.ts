import { getQueueToken, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { observeQueue } from './queue.metrics';

/** Finds the service's BullMQ processors once their workers exist, and observes their queues. */
@Injectable()
export class QueueMetricsExplorer implements OnApplicationBootstrap {
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
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
