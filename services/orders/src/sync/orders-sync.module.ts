import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueName } from '@tawsil/contracts/queues';
import { QueueModule } from '../queue/queue.module';
import { ImportedOrdersRepository } from './imported-orders.repository';
import { OrderCountsController } from './order-counts.controller';
import { OrdersSyncProcessor } from './orders-sync.processor';

@Module({
  imports: [BullModule.registerQueue({ name: QueueName.OrdersSync }), QueueModule],
  controllers: [OrderCountsController],
  providers: [ImportedOrdersRepository, OrdersSyncProcessor],
})
export class OrdersSyncModule {}
