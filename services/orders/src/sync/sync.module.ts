import { Module } from '@nestjs/common';
import { ORDERS_REPAIR_JOBS, ORDERS_SYNC_JOBS } from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { AccessModule } from '../access/access.module';
import { QueueModule } from '../queue/queue.module';
import { ImportedOrdersRepository } from './imported-orders.repository';
import { OrderCountsController } from './order-counts.controller';
import { OrdersRepairProcessor } from './orders-repair.processor';
import { OrdersSyncProcessor } from './orders-sync.processor';
import { CountOrdersByStoreUseCase } from './use-cases/count-orders-by-store.use-case';
import { RemoveStoreOrdersUseCase } from './use-cases/remove-store-orders.use-case';
import { SweepRemovedStoreOrdersUseCase } from './use-cases/sweep-removed-store-orders.use-case';
import { UpsertImportedOrdersUseCase } from './use-cases/upsert-imported-orders.use-case';

/** The stores' orders kept in step: imported orders in, removed stores' orders out. */
@Module({
  imports: [JobQueuesModule.register(ORDERS_SYNC_JOBS, ORDERS_REPAIR_JOBS), QueueModule, AccessModule],
  controllers: [OrderCountsController],
  providers: [
    ImportedOrdersRepository,
    UpsertImportedOrdersUseCase,
    RemoveStoreOrdersUseCase,
    CountOrdersByStoreUseCase,
    SweepRemovedStoreOrdersUseCase,
    OrdersSyncProcessor,
    OrdersRepairProcessor,
  ],
})
export class SyncModule {}
