import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Controller, Global, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import type { CommonConfig } from '@tawsil/config';
import { PING_PATTERNS, type PingReply, type ServiceName } from '@tawsil/contracts/rpc';
import { LoggerModule } from 'nestjs-pino';
import { HealthModule } from './health/health.module';
import { HealthRegistry } from './health/health.registry';
import { pinoParams } from './logging/logger';
import { MetricsModule } from './metrics/metrics.module';
import { RpcHandler } from './rpc/rpc-handler.decorator';

interface ServiceCoreOptions<C extends CommonConfig> {
  service: ServiceName;
  instance: string;
  logLevel: string;
  /** The service's validated config, injectable by its class. */
  config: C;
  orm: Options;
}

function pingController(service: ServiceName, instance: string) {
  @Controller()
  class PingController {
    @RpcHandler(PING_PATTERNS[service])
    ping(): PingReply {
      return { service, instance };
    }
  }
  return PingController;
}

@Module({})
class DatabaseReadiness implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly health: HealthRegistry,
  ) {}

  onModuleInit() {
    // A real query: MikroORM connects lazily, so its own connection check says "down" until first use.
    this.health.register('postgres', async () => {
      await this.orm.em.fork().getConnection().execute('select 1');
      return true;
    });
  }
}

/** What every service with a database shares: config, JSON logs, MikroORM, health, metrics, and ping. */
@Global()
@Module({})
export class ServiceCoreModule {
  static forRoot<C extends CommonConfig>(options: ServiceCoreOptions<C>): DynamicModule {
    const configProvider = { provide: options.config.constructor, useValue: options.config };
    return {
      module: ServiceCoreModule,
      imports: [
        LoggerModule.forRoot(
          pinoParams({ service: options.service, instance: options.instance, level: options.logLevel }),
        ),
        MikroOrmModule.forRoot(options.orm),
        HealthModule,
        MetricsModule.forRoot({
          service: options.service,
          port: options.config.METRICS_PORT,
          host: options.config.BIND_ADDRESS,
        }),
      ],
      controllers: [pingController(options.service, options.instance)],
      providers: [configProvider, DatabaseReadiness],
      exports: [configProvider],
    };
  }
}
