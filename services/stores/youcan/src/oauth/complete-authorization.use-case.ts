import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthorizationCallback, AuthorizationOutcome } from '@tawsil/contracts/stores-youcan';
import { randomUUID } from 'node:crypto';
import { StoresYoucanConfig } from '../config/stores-youcan.config';
import { ImportQueue } from '../import/import-queue';
import { Store } from '../stores/store.entity';
import { StoreTokens } from '../stores/store-tokens';
import { YoucanApiError } from '../youcan/youcan-api.error';
import { YoucanClient } from '../youcan/youcan.client';
import type { YoucanTokens } from '../youcan/youcan.types';
import { OAuthState } from './oauth-state';

export const ORDER_EVENT = 'order.create';
export const OUTCOMES = {
  badState: 'This authorization link is invalid or has expired: add the store again.',
  refused: 'The store was not connected: access was refused on YouCan.',
  takenByOther: 'This YouCan store is already connected to another account.',
  youcanFailed: 'YouCan did not complete the authorization; try again in a moment.',
};

/**
 * YouCan's redirect after the consent page: exchanges the code, creates (or re-links) the store
 * with its tokens sealed, subscribes to its order webhooks and starts the initial import.
 */
@Injectable()
export class CompleteAuthorizationUseCase {
  private readonly logger = new Logger(CompleteAuthorizationUseCase.name);

  constructor(
    private readonly em: EntityManager,
    private readonly youcan: YoucanClient,
    private readonly states: OAuthState,
    private readonly tokens: StoreTokens,
    private readonly imports: ImportQueue,
    private readonly config: StoresYoucanConfig,
  ) {}

  async execute(callback: AuthorizationCallback): Promise<AuthorizationOutcome> {
    const started = this.states.verify(callback.state);
    if (!started) return { error: OUTCOMES.badState };
    if (callback.error || !callback.code) return { error: OUTCOMES.refused };

    let tokens: YoucanTokens;
    let youcanStoreId: string;
    try {
      tokens = await this.youcan.exchangeCode(callback.code);
      const me = await this.youcan.me(tokens.access_token);
      youcanStoreId = String(me.id ?? me.store_id ?? me.slug ?? '');
      if (!youcanStoreId) throw new YoucanApiError(502, '/me did not name the store');
    } catch (error) {
      if (!(error instanceof YoucanApiError)) throw error;
      this.logger.warn({ status: error.status, detail: error.detail }, 'YouCan authorization failed');
      return { error: OUTCOMES.youcanFailed };
    }

    const em = this.em.fork();
    let store = await em.findOne(Store, { youcanStoreId });
    if (store && store.ownerId !== started.ownerId) return { error: OUTCOMES.takenByOther };
    if (!store) {
      store = em.create(Store, {
        id: randomUUID(),
        ownerId: started.ownerId,
        name: started.storename,
        youcanStoreId,
        accessToken: '',
        tokenExpiresAt: new Date(),
        webhookIds: [],
        syncState: 'importing',
        imported: 0,
        nextPage: 1,
      });
    } else {
      // Linked again: new tokens, and a fresh pass over the orders (upserts make it harmless).
      Object.assign(store, { syncState: 'importing', imported: 0, nextPage: 1, lastError: null });
    }
    this.tokens.seal(store, tokens);
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return { error: OUTCOMES.takenByOther };
      throw error;
    }

    await this.subscribeToOrders(store, tokens.access_token);
    await em.flush();
    await this.imports.start(store.id);
    this.logger.log({ storeId: store.id, ownerId: store.ownerId }, 'YouCan store linked');
    return { storeName: store.name };
  }

  /** Without the webhook, orders still arrive by import; the failure is shown on the store. */
  private async subscribeToOrders(store: Store, accessToken: string) {
    if (store.webhookIds.length) return;
    const target = `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/api/webhooks/youcan?store=${store.id}`;
    try {
      store.webhookIds = [await this.youcan.subscribe(accessToken, ORDER_EVENT, target)];
    } catch (error) {
      if (!(error instanceof YoucanApiError)) throw error;
      this.logger.warn({ storeId: store.id, detail: error.detail }, 'YouCan webhook subscription failed');
      store.lastError = `New orders will not arrive by themselves: YouCan refused the webhook (${error.detail})`;
    }
  }
}
