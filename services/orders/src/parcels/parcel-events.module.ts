import { Module } from '@nestjs/common';
import { ORDERS_PARCEL_EVENTS_JOBS } from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { ParcelEventsProcessor } from './parcel-events.processor';
import { ParcelEventsRepository } from './parcel-events.repository';

@Module({
  imports: [JobQueuesModule.register(ORDERS_PARCEL_EVENTS_JOBS)],
  providers: [ParcelEventsRepository, ParcelEventsProcessor],
})
export class ParcelEventsModule {}
