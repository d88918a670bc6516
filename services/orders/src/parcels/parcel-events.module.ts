import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueName } from '@tawsil/contracts/queues';
import { ParcelEventsProcessor } from './parcel-events.processor';
import { ParcelEventsRepository } from './parcel-events.repository';

@Module({
  imports: [BullModule.registerQueue({ name: QueueName.OrdersParcelEvents })],
  providers: [ParcelEventsRepository, ParcelEventsProcessor],
})
export class ParcelEventsModule {}
