import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceCoreModule, serviceOrmOptions } from '@tawsil/nest-common';
import { stores_youcanMigrations } from '../migrations';
import { StoresYoucanConfig } from './config/stores-youcan.config';

export const stores_youcanOrmOptions = (config: Pick<StoresYoucanConfig, 'DATABASE_URL' | 'DATABASE_POOL_MAX'>) =>
  serviceOrmOptions({
    databaseUrl: config.DATABASE_URL,
    schema: 'stores_youcan',
    entities: [],
    migrations: stores_youcanMigrations,
    poolMax: config.DATABASE_POOL_MAX,
  });

@Module({})
export class AppModule {
  static forRoot(config: StoresYoucanConfig, instance: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({
          service: 'stores-youcan',
          instance,
          logLevel: config.LOG_LEVEL,
          config,
          orm: stores_youcanOrmOptions(config),
        }),
      ],
    };
  }
}
