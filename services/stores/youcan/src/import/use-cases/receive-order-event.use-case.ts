import { Injectable, Logger } from '@nestjs/common';
import type { YoucanOrderEventJob } from '@tawsil/contracts/queues';
import { createHash } from 'node:crypto';
import type { Store } from '../../stores/store.entity';
import { StoresRepository } from '../../stores/stores.repository';
import { StoreTokens } from '../../stores/store-tokens';
import { orderOfWebhook } from '../../youcan/order-mapper';
import { YoucanApiError } from '../../youcan/youcan-api.error';
import { YoucanClient } from '../../youcan/youcan.client';
import type { YoucanOrder } from '../../youcan/youcan.types';
import { OrdersSyncPublisher } from '../orders-sync.publisher';
import { RefusedOrders } from '../refused-orders';
import { WebhookDeliveriesRepository } from '../webhook-deliveries.repository';
import { webhookLag } from '../webhook-lag.metric';

/**
 * An order YouCan pushed to the webhook, verified and queued by the gateway. The body only names the
 * order: it is read again from YouCan with the store's own token, so a delivery signed for one store
 * and sent to another stores nothing unless that store's YouCan really has the order.
 */
@Injectable()
export class ReceiveOrderEventUseCase {
  private readonly logger = new Logger(ReceiveOrderEventUseCase.name);

  constructor(
    private readonly stores: StoresRepository,
    private readonly youcan: YoucanClient,
    private readonly tokens: StoreTokens,
    private readonly publisher: OrdersSyncPublisher,
    private readonly refusals: RefusedOrders,
    private readonly deliveries: WebhookDeliveriesRepository,
  ) {}

  async execute(event: YoucanOrderEventJob): Promise<{ skipped?: string; order?: string }> {
    const { storeId, payload, receivedAt } = event;
    const deliveryId = event.deliveryId ?? createHash('sha256').update(JSON.stringify(payload)).digest('hex');
    const store = await this.stores.findRef(storeId);
    if (!store) return { skipped: 'unknown store' };
    if (await this.deliveries.seen(storeId, deliveryId)) return { skipped: 'delivered before' };

    const order = await this.reread(storeId, orderOfWebhook(payload));
    const outcome = order
      ? await this.store(store, order, new Date(receivedAt))
      : { skipped: 'not in this store' };
    await this.deliveries.remember(storeId, deliveryId);
    return outcome;
  }

  /** The order as the store's YouCan holds it; null when it has no such order. */
  private async reread(storeId: string, announced: YoucanOrder | null): Promise<YoucanOrder | null> {
    const id = announced?.id;
    // Without an id there is nothing to read: the refusal says why, on the store.
    if (typeof id !== 'string' && typeof id !== 'number') return announced ?? ({} as YoucanOrder);
    try {
      return orderOfWebhook(
        await this.tokens.withAccessToken(storeId, (token) => this.youcan.order(token, String(id))),
      );
    } catch (error) {
      if (error instanceof YoucanApiError && error.status === 404) {
        this.logger.warn(
          { storeId, orderId: id },
          "A webhook named an order the store's YouCan does not have",
        );
        return null;
      }
      throw error;
    }
  }

  private async store(store: Pick<Store, 'id' | 'ownerId'>, order: YoucanOrder, receivedAt: Date) {
    const { orders, refused } = this.refusals.map(store.id, [order], receivedAt);
    if (refused.length) {
      await this.refusals.record(store.id, refused);
      return { skipped: refused[0].reason };
    }
    await this.publisher.upsert(store, orders);
    webhookLag.observe((Date.now() - receivedAt.getTime()) / 1000);
    return { order: orders[0].externalId };
  }
}
