import { Processor, WorkerHost } from '@nestjs/bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import { QueueName, type YoucanOrderEventJob } from '@tawsil/contracts/queues';
import { REPEAT_SAFE_WORKER } from '@tawsil/nest-common';
import type { Job } from 'bullmq';
import { Store } from '../stores/store.entity';
import { orderOfWebhook } from '../youcan/order-mapper';
import { OrdersSyncPublisher } from './orders-sync.publisher';
import { RefusedOrders } from './refused-orders';
import { webhookLag } from './webhook-lag.metric';

/** Orders YouCan pushed to the webhook, verified and queued by the gateway. */
@Processor(QueueName.YoucanOrderEvents, { concurrency: 8, ...REPEAT_SAFE_WORKER })
export class OrderEventsProcessor extends WorkerHost {
  constructor(
    private readonly em: EntityManager,
    private readonly publisher: OrdersSyncPublisher,
    private readonly refusals: RefusedOrders,
  ) {
    super();
  }

  async process(job: Job<YoucanOrderEventJob>): Promise<{ skipped?: string; order?: string }> {
    const { storeId, payload, receivedAt } = job.data;
    const store = await this.em.fork().findOne(Store, storeId, { fields: ['id', 'ownerId'] });
    if (!store) return { skipped: 'unknown store' };
    const { orders, refused } = this.refusals.map(storeId, [orderOfWebhook(payload)], new Date(receivedAt));
    if (refused.length) {
      await this.refusals.record(storeId, refused);
      return { skipped: refused[0].reason };
    }
    await this.publisher.upsert(store, orders);
    webhookLag.observe((Date.now() - Date.parse(receivedAt)) / 1000);
    return { order: orders[0].externalId };
  }
}
