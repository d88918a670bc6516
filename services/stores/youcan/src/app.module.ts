import { Module, type DynamicModule } from '@nestjs/common';
import { QueuesModule, ServiceCoreModule, serviceOrmOptions, type ServiceRole } from '@tawsil/nest-common';
import { storesYoucanMigrations } from '../migrations';
import { StoresYoucanConfig } from './config/stores-youcan.config';
import { ImportModule } from './import/import.module';
import { LinkAttemptSchema } from './oauth/link-attempt.entity';
import { OAuthModule } from './oauth/oauth.module';
import { StoreSchema } from './stores/store.entity';
import { StoresModule } from './stores/stores.module';

export const storesYoucanOrmOptions = (
  config: Pick<StoresYoucanConfig, 'DATABASE_URL' | 'DATABASE_POOL_MAX'>,
) =>
  serviceOrmOptions({
    databaseUrl: config.DATABASE_URL,
    schema: 'stores_youcan',
    entities: [StoreSchema, LinkAttemptSchema],
    migrations: storesYoucanMigrations,
    poolMax: config.DATABASE_POOL_MAX,
  });

@Module({})
export class AppModule {
  static forRoot(config: StoresYoucanConfig, instance: string, role: ServiceRole): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({
          service: 'stores-youcan',
          instance,
          logLevel: config.LOG_LEVEL,
          config,
          orm: storesYoucanOrmOptions(config),
        }),
        QueuesModule.forRoot(config.REDIS_URL, role),
        StoresModule,
        OAuthModule,
        ImportModule,
      ],
    };
  }
}
