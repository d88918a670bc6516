import { Module } from '@nestjs/common';
import { DeliveryZrConfig } from '../config/delivery-zr.config';
import { CARRIER_ADAPTERS, Carriers, type CarrierAdapters } from './carriers';
import { ProcolisCarrier } from './procolis.carrier';
import { ZrCurrentCarrier } from './zr-current.carrier';
import { yalidineCarrier } from './yalidine/yalidine.factory';
import { YalidineRedis } from './yalidine/yalidine-redis';

/** The one place that builds the carrier adapters, one per API, behind `Carriers`. */
@Module({
  providers: [
    YalidineRedis,
    {
      provide: CARRIER_ADAPTERS,
      useFactory: (config: DeliveryZrConfig, yalidineRedis: YalidineRedis): CarrierAdapters => ({
        procolis: new ProcolisCarrier({
          baseUrl: config.ZR_API_URL,
          timeoutMs: config.ZR_TIMEOUT_MS,
          batchLimit: config.ZR_BATCH_SIZE,
        }),
        'zr-current': new ZrCurrentCarrier({
          baseUrl: config.ZR_CURRENT_API_URL,
          timeoutMs: config.ZR_TIMEOUT_MS,
          batchLimit: config.ZR_BATCH_SIZE,
        }),
        yalidine: yalidineCarrier(config, yalidineRedis),
      }),
      inject: [DeliveryZrConfig, YalidineRedis],
    },
    Carriers,
  ],
  exports: [Carriers],
})
export class CarrierModule {}
