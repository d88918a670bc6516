import { Module } from '@nestjs/common';
import { ORDERS_PARCEL_EVENTS_JOBS } from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { ParcelEventsProcessor } from './parcel-events.processor';
import { ParcelEventsRepository } from './parcel-events.repository';
import { ApplyParcelStatesUseCase } from './use-cases/apply-parcel-states.use-case';
import { MarkParcelsSentUseCase } from './use-cases/mark-parcels-sent.use-case';

/** What delivery/zr tells orders about parcels: sent, then tracked. */
@Module({
  imports: [JobQueuesModule.register(ORDERS_PARCEL_EVENTS_JOBS)],
  providers: [
    ParcelEventsRepository,
    MarkParcelsSentUseCase,
    ApplyParcelStatesUseCase,
    ParcelEventsProcessor,
  ],
})
export class ParcelsModule {}
