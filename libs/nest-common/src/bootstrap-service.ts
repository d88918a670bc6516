import 'reflect-metadata';
import { type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceName } from '@tawsil/contracts/rpc';
import { Logger } from 'nestjs-pino';
import { ServiceErrorFilter } from './errors/rpc-exception.filter';
import { HealthRegistry } from './health/health.registry';
import { RedisStreamsServer } from './rpc/streams.server';

interface ServiceBootstrapOptions {
  service: ServiceName;
  instance: string;
  redisUrl: string;
  healthPort: number;
}

/**
 * Starts a service: its RPC listener on the Redis Streams transport, and HTTP for the liveness and
 * readiness endpoints only. Shutdown hooks let a stopping instance finish the requests it holds.
 */
export async function bootstrapService(module: Type | DynamicModule, options: ServiceBootstrapOptions): Promise<INestApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();

  const server = new RedisStreamsServer({
    redisUrl: options.redisUrl,
    service: options.service,
    instance: options.instance,
  });
  app.useGlobalFilters(new ServiceErrorFilter());
  app.connectMicroservice({ strategy: server }, { inheritAppConfig: true });
  app.get(HealthRegistry).register('redis', () => server.isReady());

  await app.startAllMicroservices();
  await app.listen(options.healthPort, '0.0.0.0');
  app.get(Logger).log(`${options.service} ready (instance ${options.instance}, health on :${options.healthPort})`);
  return app;
}
