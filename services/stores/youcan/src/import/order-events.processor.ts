import { Processor, WorkerHost } from '@nestjs/bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { QueueName, type YoucanOrderEventJob } from '@tawsil/contracts/queues';
import type { Job } from 'bullmq';
import { Store } from '../stores/store.entity';
import { mapYoucanOrder, orderOfWebhook, UnusableOrderError } from '../youcan/order-mapper';
import { OrdersSyncPublisher } from './orders-sync.publisher';
import { webhookLag } from './webhook-lag.metric';

/** Orders YouCan pushed to the webhook, verified and queued by the gateway. */
@Processor(QueueName.YoucanOrderEvents, { concurrency: 8 })
export class OrderEventsProcessor extends WorkerHost {
  private readonly logger = new Logger(OrderEventsProcessor.name);

  constructor(
    private readonly em: EntityManager,
    private readonly publisher: OrdersSyncPublisher,
  ) {
    super();
  }

  async process(job: Job<YoucanOrderEventJob>): Promise<{ skipped?: string; order?: string }> {
    const { storeId, payload, receivedAt } = job.data;
    const store = await this.em.fork().findOne(Store, storeId, { fields: ['id', 'ownerId'] });
    if (!store) return { skipped: 'unknown store' };
    try {
      const order = mapYoucanOrder(orderOfWebhook(payload), new Date(receivedAt));
      await this.publisher.upsert(store, [order]);
      webhookLag.observe((Date.now() - Date.parse(receivedAt)) / 1000);
      return { order: order.externalId };
    } catch (error) {
      if (!(error instanceof UnusableOrderError)) throw error;
      this.logger.warn({ storeId, reason: error.message }, 'Skipped a webhook without a usable order');
      return { skipped: error.message };
    }
  }
}
