import { Processor } from '@nestjs/bullmq';
import { YOUCAN_ORDER_EVENTS_JOBS, type YoucanOrderEventsJobs } from '@tawsil/contracts/queues';
import { JobProcessor, REPEAT_SAFE_WORKER, type JobHandlers } from '@tawsil/nest-common';
import { ReceiveOrderEventUseCase } from './use-cases/receive-order-event.use-case';

/** Orders YouCan pushed to the webhook, as the gateway queued them. */
@Processor(YOUCAN_ORDER_EVENTS_JOBS.queue, { concurrency: 8, ...REPEAT_SAFE_WORKER })
export class OrderEventsProcessor extends JobProcessor<YoucanOrderEventsJobs> {
  protected readonly handlers: JobHandlers<YoucanOrderEventsJobs> = {
    order: (data) => this.receiveOrderEvent.execute(data),
  };

  constructor(private readonly receiveOrderEvent: ReceiveOrderEventUseCase) {
    super(YOUCAN_ORDER_EVENTS_JOBS);
  }
}
