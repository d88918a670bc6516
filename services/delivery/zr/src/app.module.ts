import { Module, type DynamicModule } from '@nestjs/common';
import {
  QueuesModule,
  RpcClientModule,
  ServiceCoreModule,
  serviceOrmOptions,
  type ServiceRole,
} from '@tawsil/nest-common';
import { deliveryZrMigrations } from '../migrations';
import { AccountsModule } from './accounts/accounts.module';
import { DeliveryAccountSchema } from './accounts/delivery-account.entity';
import { DeliveryZrConfig } from './config/delivery-zr.config';
import { LabelsModule } from './labels/labels.module';
import { RepairModule } from './repair/repair.module';
import { SaisieJobSchema } from './saisie/saisie-job.entity';
import { SaisieModule } from './saisie/saisie.module';
import { AccountStateSchema } from './states/account-state.entity';
import { StatesModule } from './states/states.module';
import { StoresModule } from './stores/stores.module';
import { TariffsModule } from './tariffs/tariffs.module';
import { TrackingModule } from './tracking/tracking.module';
import { WebhooksModule } from './webhooks/webhooks.module';

export const deliveryZrOrmOptions = (config: Pick<DeliveryZrConfig, 'DATABASE_URL' | 'DATABASE_POOL_MAX'>) =>
  serviceOrmOptions({
    databaseUrl: config.DATABASE_URL,
    schema: 'delivery_zr',
    entities: [DeliveryAccountSchema, SaisieJobSchema, AccountStateSchema],
    migrations: deliveryZrMigrations,
    poolMax: config.DATABASE_POOL_MAX,
  });

@Module({})
export class AppModule {
  static forRoot(config: DeliveryZrConfig, instance: string, role: ServiceRole): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({
          service: 'delivery-zr',
          instance,
          logLevel: config.LOG_LEVEL,
          config,
          orm: deliveryZrOrmOptions(config),
        }),
        QueuesModule.forRoot(config.REDIS_URL, role),
        RpcClientModule.forRoot({
          redisUrl: config.REDIS_URL,
          timeoutMs: config.RPC_TIMEOUT_MS,
          signer: 'delivery-zr',
          signingKey: config.RPC_SIGNING_KEY,
        }),
        StoresModule,
        AccountsModule,
        StatesModule,
        TariffsModule,
        SaisieModule,
        TrackingModule,
        WebhooksModule,
        RepairModule,
        LabelsModule,
      ],
    };
  }
}
