import { Module } from '@nestjs/common';
import { ORDERS_PARCEL_EVENTS_JOBS, ZR_SAISIE_JOBS } from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { StoresModule } from '../stores/stores.module';
import { AccountsModule } from '../accounts/accounts.module';
import { CarrierModule } from '../carrier/carrier.module';
import { AccountSlots } from './account-slots';
import { ParcelAnnouncer } from './parcel-announcer';
import { ParcelBatchSender } from './parcel-batch-sender';
import { ParcelClaimsRepository } from './parcel-claims.repository';
import { ParcelPlanner } from './parcel-planner';
import { ParcelSender } from './parcel-sender';
import { SaisieController } from './saisie.controller';
import { SaisieProcessor } from './saisie.processor';
import { SaisieJobsRepository } from './saisie-jobs.repository';
import { SaisieQueue } from './saisie-queue';
import { GetSaisieStatusUseCase } from './use-cases/get-saisie-status.use-case';
import { RecordSaisieFailureUseCase } from './use-cases/record-saisie-failure.use-case';
import { RunSaisieJobUseCase } from './use-cases/run-saisie-job.use-case';
import { StartSaisieUseCase } from './use-cases/start-saisie.use-case';

/**
 * Bulk saisie: the RPC side records and queues it, the worker side (SaisieProcessor) sends the
 * parcels and tells orders. The repair sweeps use its queue, announcer and failure record.
 */
@Module({
  imports: [
    JobQueuesModule.register(ZR_SAISIE_JOBS, ORDERS_PARCEL_EVENTS_JOBS),
    AccountsModule,
    CarrierModule,
    StoresModule,
  ],
  controllers: [SaisieController],
  providers: [
    SaisieJobsRepository,
    ParcelClaimsRepository,
    SaisieQueue,
    AccountSlots,
    ParcelPlanner,
    ParcelSender,
    ParcelBatchSender,
    ParcelAnnouncer,
    StartSaisieUseCase,
    GetSaisieStatusUseCase,
    RunSaisieJobUseCase,
    RecordSaisieFailureUseCase,
    SaisieProcessor,
  ],
  exports: [SaisieJobsRepository, SaisieQueue, ParcelAnnouncer, RecordSaisieFailureUseCase],
})
export class SaisieModule {}
