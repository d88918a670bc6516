import { Module, type DynamicModule } from '@nestjs/common';
import {
  QueuesModule,
  RpcClientModule,
  ServiceCoreModule,
  serviceOrmOptions,
  type ServiceRole,
} from '@tawsil/nest-common';
import { ordersMigrations } from '../migrations';
import { AccessModule } from './access/access.module';
import { OrdersConfig } from './config/orders.config';
import { OrderAttemptSchema, OrderHistorySchema, OrderNoteSchema, OrderSchema } from './orders/order.entity';
import { LiveModule } from './live/live.module';
import { CustomersModule } from './customers/customers.module';
import { OrdersModule } from './orders/orders.module';
import { ParcelsModule } from './parcels/parcels.module';
import { QueueModule } from './queue/queue.module';
import { StatisticsModule } from './statistics/statistics.module';
import { SyncModule } from './sync/sync.module';

export const ordersOrmOptions = (config: Pick<OrdersConfig, 'DATABASE_URL' | 'DATABASE_POOL_MAX'>) =>
  serviceOrmOptions({
    databaseUrl: config.DATABASE_URL,
    schema: 'orders',
    entities: [OrderSchema, OrderNoteSchema, OrderHistorySchema, OrderAttemptSchema],
    migrations: ordersMigrations,
    poolMax: config.DATABASE_POOL_MAX,
  });

@Module({})
export class AppModule {
  static forRoot(config: OrdersConfig, instance: string, role: ServiceRole): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({
          service: 'orders',
          instance,
          logLevel: config.LOG_LEVEL,
          config,
          orm: ordersOrmOptions(config),
        }),
        QueuesModule.forRoot(config.REDIS_URL, role),
        RpcClientModule.forRoot({
          redisUrl: config.REDIS_URL,
          timeoutMs: config.RPC_TIMEOUT_MS,
          signer: 'orders',
          signingKey: config.RPC_SIGNING_KEY,
        }),
        AccessModule,
        SyncModule,
        ParcelsModule,
        OrdersModule,
        StatisticsModule,
        QueueModule,
        LiveModule,
        CustomersModule,
      ],
    };
  }
}
