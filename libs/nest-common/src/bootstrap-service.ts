import 'reflect-metadata';
import { type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceName } from '@tawsil/contracts/rpc';
import { loadConfigOrExit, MigrationConfig, type DatabaseServiceConfig } from '@tawsil/config';
import type { Options } from '@mikro-orm/postgresql';
import { Logger } from 'nestjs-pino';
import { runMigrations } from './db/run-migrations';
import { instanceName } from './instance-name';
import { ServiceErrorFilter } from './errors/rpc-exception.filter';
import { HealthRegistry } from './health/health.registry';
import { EnvelopeVerifier } from './rpc/envelope-signature';
import { FieldOpener } from './rpc/sealed-fields';
import { refuseRedisWithoutLeastPrivilege } from './redis/redis-privilege';
import { RedisStreamsServer } from './rpc/streams.server';
import { closeGracefullyOnSignal } from './shutdown/graceful-shutdown';
import type { ServiceRole } from './service-role';

interface ServiceBootstrapOptions {
  service: ServiceName;
  instance: string;
  redisUrl: string;
  healthPort: number;
  /** BIND_ADDRESS: where the health endpoints listen. */
  bindAddress: string;
  /** RPC_PUBLIC_KEYS: whose signed requests this service handles. */
  publicKeys: string;
  /** RPC_SEAL_KEY of a service that receives sealed fields. */
  sealKey?: string;
}

/**
 * Starts a service's RPC role: its RPC listener on the Redis Streams transport, and HTTP for the
 * liveness and readiness endpoints only; its queues' jobs run in worker.ts, or here in the `all`
 * role. On SIGTERM any workers here finish or hand back their jobs first, then the RPC listener
 * finishes the requests it holds, and the database and Redis close last.
 */
export async function bootstrapService(
  module: Type | DynamicModule,
  options: ServiceBootstrapOptions,
): Promise<INestApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));

  const server = new RedisStreamsServer({
    redisUrl: options.redisUrl,
    service: options.service,
    instance: options.instance,
    verifier: new EnvelopeVerifier(options.publicKeys),
    opener: options.sealKey ? new FieldOpener(options.sealKey) : undefined,
  });
  app.useGlobalFilters(new ServiceErrorFilter());
  app.connectMicroservice({ strategy: server }, { inheritAppConfig: true });
  app.get(HealthRegistry).register('redis', () => server.isReady());

  await app.startAllMicroservices();
  await app.listen(options.healthPort, options.bindAddress);
  closeGracefullyOnSignal(app);
  app
    .get(Logger)
    .log(`${options.service} ready (instance ${options.instance}, health on :${options.healthPort})`);
  return app;
}

export interface ServiceEntry<C extends DatabaseServiceConfig> {
  service: ServiceName;
  configClass: new () => C;
  appModule: (config: C, instance: string, role: ServiceRole) => DynamicModule;
}

/**
 * A service's main: its validated config, then its RPC listener and health endpoints; its queue
 * processors too only with RUN_WORKERS=true (else worker.ts runs them).
 */
export async function runService<C extends DatabaseServiceConfig>(entry: ServiceEntry<C>): Promise<void> {
  const config = loadConfigOrExit(entry.configClass);
  await refuseRedisWithoutLeastPrivilege(config.REDIS_URL, config.NODE_ENV === 'production');
  const instance = instanceName(config.INSTANCE_NAME);
  await bootstrapService(entry.appModule(config, instance, config.RUN_WORKERS ? 'all' : 'rpc'), {
    service: entry.service,
    instance,
    redisUrl: config.REDIS_URL,
    healthPort: config.HEALTH_PORT,
    bindAddress: config.BIND_ADDRESS,
    publicKeys: config.RPC_PUBLIC_KEYS,
    sealKey: (config as { RPC_SEAL_KEY?: string }).RPC_SEAL_KEY,
  });
}

/** A service's migration step: run on its own before the service starts, never in its boot. */
export async function runMigrationStep(
  service: ServiceName,
  ormOptions: (config: MigrationConfig) => Options,
): Promise<void> {
  const applied = await runMigrations(ormOptions(loadConfigOrExit(MigrationConfig)));
  process.stdout.write(`${JSON.stringify({ level: 'info', service, msg: 'migrations applied', applied })}\n`);
}
