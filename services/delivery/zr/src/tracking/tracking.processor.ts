import { Processor } from '@nestjs/bullmq';
import { type OnApplicationBootstrap } from '@nestjs/common';
import { ZR_TRACKING_JOBS, type ZrTrackingJobs } from '@tawsil/contracts/queues';
import {
  InjectJobQueue,
  JobProcessor,
  JobQueue,
  REPEAT_SAFE_WORKER,
  type JobHandlers,
} from '@tawsil/nest-common';
import { DeliveryZrConfig } from '../config/delivery-zr.config';
import { TrackParcelsUseCase } from './use-cases/track-parcels.use-case';

/** Schedules the repeatable `zr-tracking` tick (every ZR_TRACKING_INTERVAL_MS) and runs it. */
@Processor(ZR_TRACKING_JOBS.queue, { concurrency: 1, lockDuration: 60_000, ...REPEAT_SAFE_WORKER })
export class TrackingProcessor extends JobProcessor<ZrTrackingJobs> implements OnApplicationBootstrap {
  protected readonly handlers: JobHandlers<ZrTrackingJobs> = {
    track: () => this.trackParcels.execute(),
  };

  constructor(
    private readonly trackParcels: TrackParcelsUseCase,
    private readonly config: DeliveryZrConfig,
    @InjectJobQueue(ZR_TRACKING_JOBS) private readonly trackingQueue: JobQueue<ZrTrackingJobs>,
  ) {
    super(ZR_TRACKING_JOBS);
  }

  async onApplicationBootstrap() {
    await this.trackingQueue.every('read-parcel-states', this.config.ZR_TRACKING_INTERVAL_MS, 'track', {
      removeOnComplete: 100,
      removeOnFail: 100,
    });
  }
}
