import { Module } from '@nestjs/common';
import { DeliveryZrConfig } from '../config/delivery-zr.config';
import { CARRIER_ADAPTERS, Carriers, type CarrierAdapters } from './carriers';
import { ProcolisCarrier } from './procolis.carrier';

/** The one place that builds the carrier adapters, one per API, behind `Carriers`. */
@Module({
  providers: [
    {
      provide: CARRIER_ADAPTERS,
      useFactory: (config: DeliveryZrConfig): CarrierAdapters => ({
        procolis: new ProcolisCarrier({
          baseUrl: config.ZR_API_URL,
          timeoutMs: config.ZR_TIMEOUT_MS,
          batchLimit: config.ZR_BATCH_SIZE,
        }),
      }),
      inject: [DeliveryZrConfig],
    },
    Carriers,
  ],
  exports: [Carriers],
})
export class CarrierModule {}
