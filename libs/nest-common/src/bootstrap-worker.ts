import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfigOrExit, type DatabaseServiceConfig } from '@tawsil/config';
import { Logger } from 'nestjs-pino';
import type { ServiceEntry } from './bootstrap-service';
import { instanceName } from './instance-name';
import { refuseRedisWithoutLeastPrivilege } from './redis/redis-privilege';
import { closeGracefullyOnSignal } from './shutdown/graceful-shutdown';

/**
 * A service's worker.ts: the same modules in the worker role, so its queue processors take jobs
 * (with the database, Redis and the RPC client they need) and no RPC listener runs. HTTP serves
 * its own liveness and readiness endpoints (HEALTH_PORT), metrics are on its own METRICS_PORT. On
 * SIGTERM the workers finish or hand back their jobs first, then the database and Redis close.
 */
export async function runWorker<C extends DatabaseServiceConfig>(entry: ServiceEntry<C>): Promise<void> {
  const config = loadConfigOrExit(entry.configClass);
  await refuseRedisWithoutLeastPrivilege(config.REDIS_URL, config.NODE_ENV === 'production');
  const instance = instanceName(config.INSTANCE_NAME);
  const app = await NestFactory.create<NestFastifyApplication>(
    entry.appModule(config, instance, 'worker'),
    new FastifyAdapter(),
    { bufferLogs: true },
  );
  app.useLogger(app.get(Logger));
  await app.listen(config.HEALTH_PORT, config.BIND_ADDRESS);
  closeGracefullyOnSignal(app);
  app
    .get(Logger)
    .log(`${entry.service} worker ready (instance ${instance}, health on :${config.HEALTH_PORT})`);
}
