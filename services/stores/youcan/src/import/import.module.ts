import { Module } from '@nestjs/common';
import { YOUCAN_ORDER_EVENTS_JOBS, YOUCAN_REPAIR_JOBS } from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { StoresModule } from '../stores/stores.module';
import { ImportProcessor } from './import.processor';
import { ImportRecovery } from './import-recovery';
import { OrderEventsProcessor } from './order-events.processor';
import { RefusedOrders } from './refused-orders';
import { FailImportUseCase } from './use-cases/fail-import.use-case';
import { ImportStoreOrdersUseCase } from './use-cases/import-store-orders.use-case';
import { ReceiveOrderEventUseCase } from './use-cases/receive-order-event.use-case';
import { RereadRecentOrdersUseCase } from './use-cases/reread-recent-orders.use-case';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { YoucanRepairProcessor } from './youcan-repair.processor';

/** Orders coming in: a linked store's first import, webhooks, and the repair sweeps. */
@Module({
  imports: [StoresModule, JobQueuesModule.register(YOUCAN_ORDER_EVENTS_JOBS, YOUCAN_REPAIR_JOBS)],
  providers: [
    RefusedOrders,
    WebhookDeliveriesRepository,
    ImportRecovery,
    ImportStoreOrdersUseCase,
    FailImportUseCase,
    ReceiveOrderEventUseCase,
    RereadRecentOrdersUseCase,
    ImportProcessor,
    OrderEventsProcessor,
    YoucanRepairProcessor,
  ],
})
export class ImportModule {}
