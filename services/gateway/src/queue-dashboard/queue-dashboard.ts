import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { QueueName } from '@tawsil/contracts/queues';
import { bullConnection, MetricsServer, QUEUE_PREFIX } from '@tawsil/nest-common/core';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { registerDashboardSecurityHeaders } from '../http/security-headers';
import { basicAuth } from './basic-auth';

export const DASHBOARD_PATH = '/queues';

export const DASHBOARD_OPTIONS = Symbol('DASHBOARD_OPTIONS');

export interface DashboardOptions {
  redisUrl: string;
  user: string;
  password: string;
}

/**
 * Bull Board over every queue of the product, for operators: on the gateway's internal metrics
 * port (never the public one), behind its own credentials.
 */
@Injectable()
export class QueueDashboard implements OnModuleInit, OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly queues: Queue[];

  constructor(
    @Inject(DASHBOARD_OPTIONS) private readonly options: DashboardOptions,
    private readonly metrics: MetricsServer,
  ) {
    // One connection for all the queues: the board only reads and issues single commands.
    this.redis = new Redis(bullConnection(options.redisUrl));
    this.queues = Object.values(QueueName).map(
      (name) => new Queue(name, { connection: this.redis, prefix: QUEUE_PREFIX }),
    );
  }

  onModuleInit(): void {
    const board = new FastifyAdapter();
    createBullBoard({
      queues: this.queues.map((queue) => new BullMQAdapter(queue)),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Tawsil queues' } },
    });
    board.setBasePath(DASHBOARD_PATH);
    void this.metrics.http.register(async (scope) => {
      // First, so that the headers are on the 401 of a refused sign-in too.
      await registerDashboardSecurityHeaders(scope);
      scope.addHook('onRequest', basicAuth(this.options.user, this.options.password, 'Tawsil queues'));
      await scope.register(board.registerPlugin(), { prefix: DASHBOARD_PATH });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
    this.redis.disconnect();
  }
}
