import { Module } from '@nestjs/common';
import {
  ORDERS_PARCEL_EVENTS_JOBS,
  ZR_REPAIR_JOBS,
  ZR_SAISIE_JOBS,
  ZR_TRACKING_JOBS,
} from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { AccountOwners } from './accounts/account-owners';
import { AccountSecrets } from './accounts/account-secrets';
import { DeliveryAccountsService } from './accounts/delivery-accounts.service';
import { CARRIER } from './carrier/carrier';
import { ProcolisCarrier } from './carrier/procolis.carrier';
import { DeliveryZrConfig } from './config/delivery-zr.config';
import { DeliveryZrController } from './delivery-zr.controller';
import { AbandonedSaisiesSweep } from './repair/abandoned-saisies.sweep';
import { UnannouncedParcelsSweep } from './repair/unannounced-parcels.sweep';
import { ZrRepairProcessor } from './repair/zr-repair.processor';
import { AccountSlots } from './saisie/account-slots';
import { ParcelAnnouncer } from './saisie/parcel-announcer';
import { ParcelClaimsRepository } from './saisie/parcel-claims.repository';
import { ParcelSender } from './saisie/parcel-sender';
import { SaisieProcessor } from './saisie/saisie.processor';
import { SaisieQueue } from './saisie/saisie-queue';
import { SaisieFailure } from './saisie/saisie-failure';
import { SaisieService } from './saisie/saisie.service';
import { TariffsService } from './tariffs/tariffs.service';
import { TrackingProcessor } from './tracking/tracking.processor';

@Module({
  imports: [
    JobQueuesModule.register(ZR_SAISIE_JOBS, ZR_TRACKING_JOBS, ORDERS_PARCEL_EVENTS_JOBS, ZR_REPAIR_JOBS),
  ],
  controllers: [DeliveryZrController],
  providers: [
    {
      provide: CARRIER,
      useFactory: (config: DeliveryZrConfig) =>
        new ProcolisCarrier({
          baseUrl: config.ZR_API_URL,
          timeoutMs: config.ZR_TIMEOUT_MS,
          batchLimit: config.ZR_BATCH_SIZE,
        }),
      inject: [DeliveryZrConfig],
    },
    AccountSecrets,
    AccountOwners,
    DeliveryAccountsService,
    TariffsService,
    ParcelClaimsRepository,
    ParcelSender,
    SaisieQueue,
    SaisieService,
    SaisieProcessor,
    TrackingProcessor,
    ParcelAnnouncer,
    AccountSlots,
    SaisieFailure,
    UnannouncedParcelsSweep,
    AbandonedSaisiesSweep,
    ZrRepairProcessor,
  ],
})
export class DeliveryModule {}
