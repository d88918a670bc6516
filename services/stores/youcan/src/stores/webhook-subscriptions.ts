import { Injectable, Logger } from '@nestjs/common';
import { RepairSweeps } from '@tawsil/contracts/queues';
import { countRepaired, webhookKey } from '@tawsil/nest-common';
import { createHash } from 'node:crypto';
import { StoresYoucanConfig } from '../config/stores-youcan.config';
import { YoucanApiError } from '../youcan/youcan-api.error';
import { YoucanClient } from '../youcan/youcan.client';
import type { Store } from './store.entity';
import { StoresRepository } from './stores.repository';
import { StoreTokens } from './store-tokens';

export const ORDER_EVENT = 'order.create';

/**
 * Each store's `order.create` hook at YouCan, subscribed at the store's keyed address
 * (`/api/webhooks/youcan?store=<id>&key=<key>`): the gateway accepts a delivery only with the key
 * of the store it names. A store whose hook is at another address (linked before keys existed,
 * or PUBLIC_URL or the client secret changed) is subscribed again at start-up and by the hourly
 * repair, and its old hooks removed.
 */
@Injectable()
export class WebhookSubscriptions {
  private readonly logger = new Logger(WebhookSubscriptions.name);

  constructor(
    private readonly stores: StoresRepository,
    private readonly youcan: YoucanClient,
    private readonly tokens: StoreTokens,
    private readonly config: StoresYoucanConfig,
  ) {}

  targetFor(storeId: string): string {
    const key = webhookKey(this.config.YOUCAN_CLIENT_SECRET, storeId);
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/api/webhooks/youcan?store=${storeId}&key=${key}`;
  }

  isCurrent(store: Pick<Store, 'id' | 'webhookIds' | 'webhookTargetDigest'>): boolean {
    return store.webhookIds.length > 0 && store.webhookTargetDigest === this.digestOf(store.id);
  }

  /**
   * At linking, on the store being saved: without the webhook, orders still arrive by import and
   * the failure is shown on the store.
   */
  async subscribe(store: Store, accessToken: string): Promise<void> {
    if (this.isCurrent(store)) return;
    const previous = store.webhookIds;
    try {
      store.webhookIds = [await this.youcan.subscribe(accessToken, ORDER_EVENT, this.targetFor(store.id))];
      store.webhookTargetDigest = this.digestOf(store.id);
    } catch (error) {
      if (!(error instanceof YoucanApiError)) throw error;
      this.logger.warn({ storeId: store.id, detail: error.detail }, 'YouCan webhook subscription failed');
      store.lastError = `New orders will not arrive by themselves: YouCan refused the webhook (${error.detail})`;
      return;
    }
    await this.unsubscribe(store.id, previous, (call) => call(accessToken));
  }

  /** Every store whose hook is not at its current keyed address, subscribed again. */
  async renewOutdated(): Promise<{ stores: number; renewed: number; failed: number }> {
    const stores = await this.stores.webhookStates();
    const outdated = stores.filter((store) => !this.isCurrent(store));
    let renewed = 0;
    let failed = 0;
    for (const store of outdated) {
      try {
        if (await this.renew(store)) renewed += 1;
      } catch (error) {
        failed += 1;
        this.logger.warn({ storeId: store.id, reason: String(error) }, 'Could not renew the webhook');
      }
    }
    countRepaired(RepairSweeps.webhookSubscriptions, renewed);
    if (outdated.length) this.logger.log({ outdated: outdated.length, renewed, failed }, 'Webhooks renewed');
    return { stores: outdated.length, renewed, failed };
  }

  /**
   * Subscribes the new address first, then records it only if no other replica renewed the store
   * meanwhile (else the new hook is removed again); the old hooks go once the new one is recorded.
   */
  private async renew(store: Pick<Store, 'id' | 'webhookIds' | 'webhookTargetDigest'>): Promise<boolean> {
    const withToken = <T>(call: (token: string) => Promise<T>) => this.tokens.withAccessToken(store.id, call);
    const hookId = await withToken((token) =>
      this.youcan.subscribe(token, ORDER_EVENT, this.targetFor(store.id)),
    );
    const recorded = await this.stores.recordWebhook(store, [hookId], this.digestOf(store.id));
    await this.unsubscribe(store.id, recorded ? store.webhookIds : [hookId], withToken);
    return recorded;
  }

  /** YouCan may have dropped a hook already: one left behind only posts to an address we refuse. */
  private async unsubscribe(
    storeId: string,
    hookIds: string[],
    withToken: (call: (token: string) => Promise<void>) => Promise<void>,
  ): Promise<void> {
    for (const hookId of hookIds) {
      try {
        await withToken((token) => this.youcan.unsubscribe(token, hookId));
      } catch (error) {
        this.logger.warn({ storeId, hookId, reason: String(error) }, 'Could not unsubscribe a webhook');
      }
    }
  }

  private digestOf(storeId: string): string {
    return createHash('sha256').update(this.targetFor(storeId)).digest('hex');
  }
}
