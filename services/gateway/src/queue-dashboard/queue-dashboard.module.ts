import { Module, type DynamicModule } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config';
import { DASHBOARD_OPTIONS, QueueDashboard } from './queue-dashboard';

/** The queue dashboard, when its credentials are configured; without them there is none. */
@Module({})
export class QueueDashboardModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    const { QUEUE_DASHBOARD_USER: user, QUEUE_DASHBOARD_PASSWORD: password } = config;
    if (!user || !password) return { module: QueueDashboardModule };
    return {
      module: QueueDashboardModule,
      providers: [
        { provide: DASHBOARD_OPTIONS, useValue: { redisUrl: config.REDIS_URL, user, password } },
        QueueDashboard,
      ],
    };
  }
}
