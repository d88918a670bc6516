import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import {
  StoresYoucanPatterns,
  type AuthorizationCallback,
  type AuthorizationOutcome,
} from '@tawsil/contracts/stores-youcan';
import { idempotentWrite } from '@tawsil/nest-common';
import { createHash, randomUUID } from 'node:crypto';
import { ImportQueue } from '../import/import-queue';
import { Store } from '../stores/store.entity';
import { StoreTokens } from '../stores/store-tokens';
import { WebhookSubscriptions } from '../stores/webhook-subscriptions';
import { YoucanApiError } from '../youcan/youcan-api.error';
import { YoucanClient } from '../youcan/youcan.client';
import type { YoucanTokens } from '../youcan/youcan.types';
import { OAuthState } from './oauth-state';

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
    private readonly webhooks: WebhookSubscriptions,
  ) {}

  async execute(callback: AuthorizationCallback): Promise<AuthorizationOutcome> {
    const started = this.states.verify(callback.state);
    if (!started) return { error: OUTCOMES.badState };
    if (callback.error || !callback.code) return { error: OUTCOMES.refused };
    const code = callback.code;

    // A code is good for one exchange: the callback is keyed on it, so a repeat (a reload, a second
    // delivery of the request) answers the first outcome and never exchanges the code again.
    let linked: string | undefined;
    const outcome = await idempotentWrite(
      this.em,
      {
        pattern: StoresYoucanPatterns.completeAuthorization,
        key: `youcan-code:${createHash('sha256').update(code).digest('hex')}`,
        request: { state: callback.state },
      },
      async (em): Promise<AuthorizationOutcome> => {
        linked = undefined; // a retried transaction starts over
        const identity = await this.exchange(code);
        if ('error' in identity) return identity;
        const store = await this.link(em, started, identity);
        if (!store) return { error: OUTCOMES.takenByOther };
        linked = store.id;
        return { storeName: store.name };
      },
    ).catch((error: unknown) => {
      // Two stores linking one YouCan store at the same moment: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) return { error: OUTCOMES.takenByOther };
      throw error;
    });
    // Queued once the store is committed, so the worker finds it.
    if (linked) {
      await this.imports.start(linked);
      this.logger.log({ storeId: linked, ownerId: started.ownerId }, 'YouCan store linked');
    }
    return outcome;
  }

  private async exchange(
    code: string,
  ): Promise<{ tokens: YoucanTokens; youcanStoreId: string } | { error: string }> {
    try {
      const tokens = await this.youcan.exchangeCode(code);
      const me = await this.youcan.me(tokens.access_token);
      const youcanStoreId = String(me.id ?? me.store_id ?? me.slug ?? '');
      if (!youcanStoreId) throw new YoucanApiError(502, '/me did not name the store');
      return { tokens, youcanStoreId };
    } catch (error) {
      if (!(error instanceof YoucanApiError)) throw error;
      this.logger.warn({ status: error.status, detail: error.detail }, 'YouCan authorization failed');
      return { error: OUTCOMES.youcanFailed };
    }
  }

  /** Creates the store, or renews the tokens of one the owner linked before; null when another owner has it. */
  private async link(
    em: EntityManager,
    started: { ownerId: string; storename: string },
    { tokens, youcanStoreId }: { tokens: YoucanTokens; youcanStoreId: string },
  ): Promise<Store | null> {
    let store = await em.findOne(Store, { youcanStoreId });
    if (store && store.ownerId !== started.ownerId) return null;
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
        refusedOrders: [],
      });
    } else {
      // Linked again: new tokens, and a fresh pass over the orders (upserts make it harmless).
      Object.assign(store, { syncState: 'importing', imported: 0, nextPage: 1, lastError: null });
    }
    this.tokens.seal(store, tokens);
    await em.flush();
    await this.webhooks.subscribe(store, tokens.access_token);
    await em.flush();
    return store;
  }
}
