import { Module } from '@nestjs/common';
import { ORDERS_PARCEL_EVENTS_JOBS, ZR_TRACKING_JOBS } from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { AccountsModule } from '../accounts/accounts.module';
import { CarrierModule } from '../carrier/carrier.module';
import { StateTablesModule } from '../states/state-tables.module';
import { ParcelMoves } from './parcel-moves';
import { ParcelsInTransitRepository } from './parcels-in-transit.repository';
import { TrackingProcessor } from './tracking.processor';
import { TrackParcelsUseCase } from './use-cases/track-parcels.use-case';

/** Parcels in transit: their states read from the carrier (or pushed by it), their moves sent to orders. */
@Module({
  imports: [
    JobQueuesModule.register(ZR_TRACKING_JOBS, ORDERS_PARCEL_EVENTS_JOBS),
    AccountsModule,
    CarrierModule,
    StateTablesModule,
  ],
  providers: [ParcelsInTransitRepository, ParcelMoves, TrackParcelsUseCase, TrackingProcessor],
  exports: [ParcelsInTransitRepository, ParcelMoves],
})
export class TrackingModule {}
