import { Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import {
  HealthModule,
  HealthRegistry,
  pinoParams,
  RedisStreamsClient,
  RpcClientModule,
} from '@tawsil/nest-common';
import { Redis } from 'ioredis';
import { LoggerModule } from 'nestjs-pino';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { JwtStrategy } from './auth/jwt.strategy';
import { GatewayConfig } from './config/gateway.config';
import { RequestContextInterceptor } from './http/request-context.interceptor';
import { StatusController } from './status/status.controller';
import { ThrottlingModule } from './throttling/throttling.module';
import { UsersController } from './users/users.controller';
import { WebAppModule } from './web-app/web-app.module';

@Module({})
class GatewayReadiness implements OnModuleInit {
  constructor(
    private readonly client: RedisStreamsClient,
    private readonly health: HealthRegistry,
  ) {}

  onModuleInit() {
    this.health.register('redis', async () => {
      await this.client.connect();
      return this.client.unwrap<Redis>().status === 'ready';
    });
  }
}

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig, instance: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot(pinoParams({ service: 'gateway', instance, level: config.LOG_LEVEL })),
        RpcClientModule.forRoot({ redisUrl: config.REDIS_URL, timeoutMs: config.RPC_TIMEOUT_MS }),
        ThrottlingModule.forRoot({
          redisUrl: config.REDIS_URL,
          authLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
        }),
        PassportModule,
        HealthModule,
        WebAppModule.forRoot(config.WEB_DIST_DIR),
      ],
      controllers: [UsersController, StatusController],
      providers: [
        { provide: GatewayConfig, useValue: config },
        JwtStrategy,
        GatewayReadiness,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_INTERCEPTOR, useClass: RequestContextInterceptor },
      ],
    };
  }
}
