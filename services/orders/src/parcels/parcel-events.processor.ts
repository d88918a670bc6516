import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { ORDERS_PARCEL_EVENTS_JOBS, type OrdersParcelEventsJobs } from '@tawsil/contracts/queues';
import { JobProcessor, REPEAT_SAFE_WORKER, type JobHandlers } from '@tawsil/nest-common';
import { ParcelEventsRepository } from './parcel-events.repository';

/** Orders sent to the carrier turn `saisie`; tracking moves them on toward delivery or return. */
@Processor(ORDERS_PARCEL_EVENTS_JOBS.queue, { concurrency: 4, ...REPEAT_SAFE_WORKER })
export class ParcelEventsProcessor extends JobProcessor<OrdersParcelEventsJobs> {
  private readonly logger = new Logger(ParcelEventsProcessor.name);

  protected readonly handlers: JobHandlers<OrdersParcelEventsJobs> = {
    'parcels-sent': async (data) => {
      const moved = await this.parcels.markSent(data);
      this.logger.log({ moved }, 'Orders sent to ZR Express marked saisie');
      return { moved };
    },
    'parcel-states': async (data) => {
      const moved = await this.parcels.applyStates(data);
      this.logger.log({ moved }, 'Parcel states applied to orders');
      return { moved };
    },
  };

  constructor(private readonly parcels: ParcelEventsRepository) {
    super(ORDERS_PARCEL_EVENTS_JOBS);
  }
}
