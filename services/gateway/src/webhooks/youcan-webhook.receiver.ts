import { Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { YOUCAN_ORDER_EVENTS_JOBS, type YoucanOrderEventsJobs } from '@tawsil/contracts/queues';
import { InjectJobQueue, isWebhookKeyOf, JobQueue, REPEAT_SAFE_ATTEMPTS } from '@tawsil/nest-common/core';
import { createHash } from 'node:crypto';
import { GatewayConfig } from '../config/gateway.config';
import { parseWebhookBody } from './webhook-json';
import { isGenuineYoucanDelivery } from './youcan-signature';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One answer for an unknown store and a wrong key, so neither can be told from the other. */
const NOT_THIS_STORE = 'Unknown store or wrong webhook key';

/**
 * YouCan's order webhooks: the store named by its keyed address, the body's signature checked on
 * its bytes before they are parsed, then queued and acknowledged at once; stores/youcan re-reads
 * the order from YouCan with the store's own token and does the rest.
 */
@Injectable()
export class YoucanWebhookReceiver {
  private readonly logger = new Logger(YoucanWebhookReceiver.name);

  constructor(
    private readonly config: GatewayConfig,
    @InjectJobQueue(YOUCAN_ORDER_EVENTS_JOBS) private readonly events: JobQueue<YoucanOrderEventsJobs>,
  ) {}

  /** The store the address names, when its key is that store's; checked before the body is read. */
  storeOf(query: { store?: unknown; key?: unknown }): string {
    const { store, key } = query;
    if (typeof store !== 'string' || !UUID.test(store)) throw new UnauthorizedException(NOT_THIS_STORE);
    if (!isWebhookKeyOf(this.config.YOUCAN_CLIENT_SECRET, store.toLowerCase(), key)) {
      this.logger.warn({ storeId: store }, 'Refused a YouCan webhook with a wrong key');
      throw new UnauthorizedException(NOT_THIS_STORE);
    }
    return store.toLowerCase();
  }

  async receive(storeId: string, rawBody: Buffer | undefined, signature: unknown): Promise<void> {
    if (!isGenuineYoucanDelivery(rawBody, signature, this.config.YOUCAN_CLIENT_SECRET)) {
      this.logger.warn({ storeId }, 'Refused a YouCan webhook with a bad signature');
      throw new UnauthorizedException('Invalid webhook signature');
    }
    const payload = parseWebhookBody(rawBody!);

    const deliveryId = createHash('sha256').update(rawBody!).digest('hex');
    // The same delivery twice while the first is still queued collapses into one job; later
    // repeats are recognised by stores/youcan's record of deliveries.
    await this.events.add(
      'order',
      { storeId, payload, deliveryId, receivedAt: new Date().toISOString() },
      {
        jobId: `${storeId}-${deliveryId.slice(0, 40)}`,
        attempts: REPEAT_SAFE_ATTEMPTS,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: { age: 3600 },
        removeOnFail: { count: 1000 },
      },
    );
  }
}
