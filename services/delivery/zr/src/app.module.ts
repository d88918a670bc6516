import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceCoreModule, serviceOrmOptions } from '@tawsil/nest-common';
import { deliveryZrMigrations } from '../migrations';
import { DeliveryZrConfig } from './config/delivery-zr.config';

export const deliveryZrOrmOptions = (config: Pick<DeliveryZrConfig, 'DATABASE_URL' | 'DATABASE_POOL_MAX'>) =>
  serviceOrmOptions({
    databaseUrl: config.DATABASE_URL,
    schema: 'delivery_zr',
    entities: [],
    migrations: deliveryZrMigrations,
    poolMax: config.DATABASE_POOL_MAX,
  });

@Module({})
export class AppModule {
  static forRoot(config: DeliveryZrConfig, instance: string): DynamicModule {
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
      ],
    };
  }
}
