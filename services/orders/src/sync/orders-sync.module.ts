import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueName } from '@tawsil/contracts/queues';
import { QueueModule } from '../queue/queue.module';
import { ImportedOrdersRepository } from './imported-orders.repository';
import { OrderCountsController } from './order-counts.controller';
import { OrdersRepairProcessor } from './orders-repair.processor';
import { OrdersSyncProcessor } from './orders-sync.processor';
import { RemovedStoreOrdersSweep } from './removed-store-orders.sweep';

@Module({
  imports: [
    BullModule.registerQueue({ name: QueueName.OrdersSync }, { name: QueueName.OrdersRepair }),
    QueueModule,
  ],
  controllers: [OrderCountsController],
  providers: [ImportedOrdersRepository, OrdersSyncProcessor, RemovedStoreOrdersSweep, OrdersRepairProcessor],
})
export class OrdersSyncModule {}
