import { Module } from '@nestjs/common';
import { DeliveryZrConfig } from '../config/delivery-zr.config';
import { CARRIER } from './carrier';
import { ProcolisCarrier } from './procolis.carrier';

/** The one place that chooses the carrier implementation behind `CARRIER`. */
@Module({
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
  ],
  exports: [CARRIER],
})
export class CarrierModule {}
