import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics } from 'prom-client';
import { metricsRegistry } from './metrics-registry';

export const METRICS_OPTIONS = Symbol('METRICS_OPTIONS');

export interface MetricsOptions {
  service: string;
  /** 0: any free port, logged at start. */
  port: number;
  /** BIND_ADDRESS of the service. */
  host: string;
}

/**
 * The internal HTTP listener, apart from the service's own port so that no public route reaches
 * it: Prometheus metrics at /metrics, and what else operators alone may see (the gateway's queue
 * dashboard). Routes may be added to `http` until the application has started.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly http: FastifyInstance = fastify();
  private readonly logger = new Logger('Metrics');

  constructor(@Inject(METRICS_OPTIONS) private readonly options: MetricsOptions) {
    this.http.get('/metrics', async (_request, reply) =>
      reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics()),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    metricsRegistry.setDefaultLabels({ service: this.options.service });
    if (!metricsRegistry.getSingleMetric('process_cpu_seconds_total'))
      collectDefaultMetrics({ register: metricsRegistry });
    await this.http.listen({ port: this.options.port, host: this.options.host });
    const { port } = this.http.server.address() as AddressInfo;
    this.logger.log(`Metrics on :${port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.http.close();
  }
}
