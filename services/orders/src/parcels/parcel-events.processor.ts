import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import {
  OrdersParcelJobs,
  QueueName,
  type ParcelsSentJob,
  type ParcelStatesJob,
} from '@tawsil/contracts/queues';
import { REPEAT_SAFE_WORKER } from '@tawsil/nest-common';
import type { Job } from 'bullmq';
import { ParcelEventsRepository } from './parcel-events.repository';

/** Orders sent to the carrier turn `saisie`; tracking moves them on toward delivery or return. */
@Processor(QueueName.OrdersParcelEvents, { concurrency: 4, ...REPEAT_SAFE_WORKER })
export class ParcelEventsProcessor extends WorkerHost {
  private readonly logger = new Logger(ParcelEventsProcessor.name);

  constructor(private readonly parcels: ParcelEventsRepository) {
    super();
  }

  async process(job: Job): Promise<{ moved: number }> {
    switch (job.name) {
      case OrdersParcelJobs.sent: {
        const moved = await this.parcels.markSent(job.data as ParcelsSentJob);
        this.logger.log({ moved }, 'Orders sent to ZR Express marked saisie');
        return { moved };
      }
      case OrdersParcelJobs.states: {
        const moved = await this.parcels.applyStates(job.data as ParcelStatesJob);
        this.logger.log({ moved }, 'Parcel states applied to orders');
        return { moved };
      }
      default:
        throw new Error(`Unknown orders-parcel-events job "${job.name}"`);
    }
  }
}
