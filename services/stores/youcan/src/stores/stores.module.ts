import { Module } from '@nestjs/common';
import {
  IDENTITY_STORE_EVENTS_JOBS,
  ORDERS_ACCESS_JOBS,
  ORDERS_SYNC_JOBS,
  YOUCAN_IMPORT_JOBS,
  ZR_STORE_EVENTS_JOBS,
} from '@tawsil/contracts/queues';
import { JobQueuesModule, SecretBox } from '@tawsil/nest-common';
import { StoresYoucanConfig } from '../config/stores-youcan.config';
import { ImportQueue } from '../import/import-queue';
import { OrdersSyncPublisher } from '../import/orders-sync.publisher';
import { YoucanClient } from '../youcan/youcan.client';
import { StoreEventsPublisher } from './store-events.publisher';
import { StoreTokens } from './store-tokens';
import { StoresController } from './stores.controller';
import { StoresRepository } from './stores.repository';
import { GetStoreOwnersUseCase } from './use-cases/get-store-owners.use-case';
import { ListOwnedStoreIdsUseCase } from './use-cases/list-owned-store-ids.use-case';
import { ListRemovedStoreIdsUseCase } from './use-cases/list-removed-store-ids.use-case';
import { ListStoresUseCase } from './use-cases/list-stores.use-case';
import { RemoveStoreUseCase } from './use-cases/remove-store.use-case';
import { ResendStoreOwnersUseCase } from './use-cases/resend-store-owners.use-case';
import { WebhookSubscriptions } from './webhook-subscriptions';

/**
 * The linked stores, and what the oauth and import features build on: the YouCan client, the
 * stores' tokens and webhooks, and the queues a store's import and removal go through (a removed
 * store's import is cancelled and its removal announced from here).
 */
@Module({
  imports: [
    JobQueuesModule.register(
      YOUCAN_IMPORT_JOBS,
      ORDERS_SYNC_JOBS,
      IDENTITY_STORE_EVENTS_JOBS,
      ORDERS_ACCESS_JOBS,
      ZR_STORE_EVENTS_JOBS,
    ),
  ],
  controllers: [StoresController],
  providers: [
    StoresRepository,
    YoucanClient,
    StoreTokens,
    WebhookSubscriptions,
    ImportQueue,
    OrdersSyncPublisher,
    StoreEventsPublisher,
    ResendStoreOwnersUseCase,
    ListStoresUseCase,
    RemoveStoreUseCase,
    ListOwnedStoreIdsUseCase,
    GetStoreOwnersUseCase,
    ListRemovedStoreIdsUseCase,
    {
      provide: SecretBox,
      useFactory: (config: StoresYoucanConfig) => new SecretBox(config.ENCRYPTION_KEY),
      inject: [StoresYoucanConfig],
    },
  ],
  exports: [
    StoresRepository,
    YoucanClient,
    StoreTokens,
    WebhookSubscriptions,
    ImportQueue,
    OrdersSyncPublisher,
    StoreEventsPublisher,
    ResendStoreOwnersUseCase,
    SecretBox,
  ],
})
export class StoresModule {}
