import { Module } from '@nestjs/common';
import {
  IDENTITY_STORE_EVENTS_JOBS,
  ORDERS_SYNC_JOBS,
  YOUCAN_IMPORT_JOBS,
  YOUCAN_ORDER_EVENTS_JOBS,
  YOUCAN_REPAIR_JOBS,
} from '@tawsil/contracts/queues';
import { JobQueuesModule, SecretBox } from '@tawsil/nest-common';
import { StoresYoucanConfig } from '../config/stores-youcan.config';
import { ImportProcessor } from '../import/import.processor';
import { ImportQueue } from '../import/import-queue';
import { ImportRecovery } from '../import/import-recovery';
import { OrderEventsProcessor } from '../import/order-events.processor';
import { RefusedOrders } from '../import/refused-orders';
import { OrdersSyncPublisher } from '../import/orders-sync.publisher';
import { RecentOrdersSweep } from '../import/recent-orders.sweep';
import { WebhookDeliveries } from '../import/webhook-deliveries';
import { YoucanRepairProcessor } from '../import/youcan-repair.processor';
import { CompleteAuthorizationUseCase } from '../oauth/complete-authorization.use-case';
import { LinkAttempts } from '../oauth/link-attempts';
import { StartAuthorizationUseCase } from '../oauth/start-authorization.use-case';
import { YoucanClient } from '../youcan/youcan.client';
import { RemoveStoreUseCase } from './remove-store.use-case';
import { StoreTokens } from './store-tokens';
import { StoresController } from './stores.controller';
import { WebhookSubscriptions } from './webhook-subscriptions';

@Module({
  imports: [
    JobQueuesModule.register(
      YOUCAN_IMPORT_JOBS,
      YOUCAN_ORDER_EVENTS_JOBS,
      ORDERS_SYNC_JOBS,
      IDENTITY_STORE_EVENTS_JOBS,
      YOUCAN_REPAIR_JOBS,
    ),
  ],
  controllers: [StoresController],
  providers: [
    YoucanClient,
    StoreTokens,
    ImportQueue,
    ImportRecovery,
    OrdersSyncPublisher,
    ImportProcessor,
    OrderEventsProcessor,
    RefusedOrders,
    RecentOrdersSweep,
    YoucanRepairProcessor,
    LinkAttempts,
    WebhookDeliveries,
    WebhookSubscriptions,
    StartAuthorizationUseCase,
    CompleteAuthorizationUseCase,
    RemoveStoreUseCase,
    {
      provide: SecretBox,
      useFactory: (config: StoresYoucanConfig) => new SecretBox(config.ENCRYPTION_KEY),
      inject: [StoresYoucanConfig],
    },
  ],
})
export class StoresModule {}
