import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { METRICS_OPTIONS, MetricsServer, type MetricsOptions } from './metrics-server';
import { QueueMetricsExplorer } from './queue-metrics.explorer';

/** Prometheus metrics on the internal port: requests, RPC, queues and jobs, and the process. */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(options: MetricsOptions): DynamicModule {
    return {
      module: MetricsModule,
      imports: [DiscoveryModule],
      providers: [{ provide: METRICS_OPTIONS, useValue: options }, MetricsServer, QueueMetricsExplorer],
      exports: [MetricsServer],
    };
  }
}
