import { Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { YOUCAN_ORDER_EVENTS_JOBS } from '@tawsil/contracts/queues';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import {
  HealthModule,
  HealthRegistry,
  JobQueuesModule,
  MetricsModule,
  pinoParams,
  QueuesModule,
  RedisStreamsClient,
  RpcClientModule,
} from '@tawsil/nest-common/core';
import { Redis } from 'ioredis';
import { LoggerModule } from 'nestjs-pino';
import { ActorStores } from './auth/actor-stores';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { JwtStrategy } from './auth/jwt.strategy';
import { VerifiedTokens } from './auth/verified-tokens';
import { GatewayConfig } from './config/gateway.config';
import { LiveEventsModule } from './events/live-events.module';
import { RequestContextInterceptor } from './http/request-context.interceptor';
import { ConfirmateursController } from './confirmateurs/confirmateurs.controller';
import { InvitationsController } from './confirmateurs/invitations.controller';
import { DeliveryAccountsController } from './delivery/delivery-accounts.controller';
import { ZrController } from './delivery/zr.controller';
import { ClaimsController } from './orders/claims.controller';
import { CustomersController } from './orders/customers.controller';
import { OrdersController } from './orders/orders.controller';
import { QueueController } from './orders/queue.controller';
import { QueueSettingsController } from './orders/queue-settings.controller';
import { QueueDashboardModule } from './queue-dashboard/queue-dashboard.module';
import { StatisticsController } from './statistics/statistics.controller';
import { StatusController } from './status/status.controller';
import { StoresController } from './stores/stores.controller';
import { ThrottlingModule } from './throttling/throttling.module';
import { AuthController } from './sessions/auth.controller';
import { GatewaySessionsModule } from './sessions/sessions.module';
import { UsersController } from './users/users.controller';
import { WebAppModule } from './web-app/web-app.module';
import { YalidineWebhookReceiver } from './webhooks/yalidine-webhook.receiver';
import { YoucanWebhookReceiver } from './webhooks/youcan-webhook.receiver';
import { ZrWebhookReceiver } from './webhooks/zr-webhook.receiver';

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
        RpcClientModule.forRoot({
          redisUrl: config.REDIS_URL,
          timeoutMs: config.RPC_TIMEOUT_MS,
          signer: 'gateway',
          signingKey: config.RPC_SIGNING_KEY,
          sealKeys: {
            identity: config.RPC_SEAL_KEY_IDENTITY,
            'stores-youcan': config.RPC_SEAL_KEY_STORES_YOUCAN,
            'delivery-zr': config.RPC_SEAL_KEY_DELIVERY_ZR,
          },
        }),
        ThrottlingModule.forRoot({
          redisUrl: config.REDIS_URL,
          authLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
          perAccount: {
            failuresBeforeDelay: config.LOGIN_FAILURES_BEFORE_DELAY,
            delayMaxSeconds: config.LOGIN_DELAY_MAX_SECONDS,
            failuresPerHour: config.LOGIN_FAILURES_PER_HOUR,
          },
        }),
        QueuesModule.forRoot(config.REDIS_URL, 'rpc'),
        JobQueuesModule.register(YOUCAN_ORDER_EVENTS_JOBS),
        PassportModule,
        HealthModule,
        MetricsModule.forRoot({ service: 'gateway', port: config.METRICS_PORT, host: config.BIND_ADDRESS }),
        QueueDashboardModule.forRoot(config),
        WebAppModule.forRoot(config.WEB_DIST_DIR),
        GatewaySessionsModule.forRoot(config),
        LiveEventsModule.forRoot(config),
      ],
      controllers: [
        UsersController,
        AuthController,
        StatusController,
        StoresController,
        OrdersController,
        QueueController,
        ClaimsController,
        QueueSettingsController,
        CustomersController,
        ConfirmateursController,
        InvitationsController,
        DeliveryAccountsController,
        ZrController,
        StatisticsController,
      ],
      providers: [
        { provide: GatewayConfig, useValue: config },
        JwtStrategy,
        { provide: VerifiedTokens, useValue: new VerifiedTokens() },
        ActorStores,
        GatewayReadiness,
        YoucanWebhookReceiver,
        ZrWebhookReceiver,
        YalidineWebhookReceiver,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_INTERCEPTOR, useClass: RequestContextInterceptor },
      ],
    };
  }
}
