import { Module } from '@nestjs/common';
import { ORDERS_REPAIR_JOBS, ORDERS_SYNC_JOBS } from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { QueueModule } from '../queue/queue.module';
import { ImportedOrdersRepository } from './imported-orders.repository';
import { OrderCountsController } from './order-counts.controller';
import { OrdersRepairProcessor } from './orders-repair.processor';
import { OrdersSyncProcessor } from './orders-sync.processor';
import { RemovedStoreOrdersSweep } from './removed-store-orders.sweep';

@Module({
  imports: [JobQueuesModule.register(ORDERS_SYNC_JOBS, ORDERS_REPAIR_JOBS), QueueModule],
  controllers: [OrderCountsController],
  providers: [ImportedOrdersRepository, OrdersSyncProcessor, RemovedStoreOrdersSweep, OrdersRepairProcessor],
})
export class OrdersSyncModule {}
