import { Processor } from '@nestjs/bullmq';
import { ORDERS_PARCEL_EVENTS_JOBS, type OrdersParcelEventsJobs } from '@tawsil/contracts/queues';
import { JobProcessor, REPEAT_SAFE_WORKER, type JobHandlers } from '@tawsil/nest-common';
import { ApplyParcelStatesUseCase } from './use-cases/apply-parcel-states.use-case';
import { MarkParcelsSentUseCase } from './use-cases/mark-parcels-sent.use-case';

/** Orders sent to the carrier turn `saisie`; tracking moves them on toward delivery or return. */
@Processor(ORDERS_PARCEL_EVENTS_JOBS.queue, { concurrency: 4, ...REPEAT_SAFE_WORKER })
export class ParcelEventsProcessor extends JobProcessor<OrdersParcelEventsJobs> {
  protected readonly handlers: JobHandlers<OrdersParcelEventsJobs> = {
    'parcels-sent': (data) => this.markParcelsSent.execute(data),
    'parcel-states': (data) => this.applyParcelStates.execute(data),
  };

  constructor(
    private readonly markParcelsSent: MarkParcelsSentUseCase,
    private readonly applyParcelStates: ApplyParcelStatesUseCase,
  ) {
    super(ORDERS_PARCEL_EVENTS_JOBS);
  }
}
