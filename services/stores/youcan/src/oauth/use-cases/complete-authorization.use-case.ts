import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { LinkCallback, LinkOutcome } from '@tawsil/contracts/stores-youcan';
import { retryTransaction } from '@tawsil/nest-common';
import { ImportQueue } from '../../import/import-queue';
import type { Store } from '../../stores/store.entity';
import { StoresRepository } from '../../stores/stores.repository';
import { StoreEventsPublisher } from '../../stores/store-events.publisher';
import { StoreTokens } from '../../stores/store-tokens';
import { WebhookSubscriptions } from '../../stores/webhook-subscriptions';
import { YoucanApiError } from '../../youcan/youcan-api.error';
import { YoucanClient } from '../../youcan/youcan.client';
import type { YoucanTokens } from '../../youcan/youcan.types';
import { LinkAttempts, type ClaimedAttempt } from '../link-attempts';

/**
 * YouCan's redirect after the consent page: completes the owner's link attempt once, only from
 * the browser that started it, exchanges the code (with the PKCE verifier), creates (or re-links)
 * the store with its tokens sealed, subscribes to its order webhooks and starts the initial import.
 */
@Injectable()
export class CompleteAuthorizationUseCase {
  private readonly logger = new Logger(CompleteAuthorizationUseCase.name);

  constructor(
    private readonly em: EntityManager,
    private readonly stores: StoresRepository,
    private readonly youcan: YoucanClient,
    private readonly attempts: LinkAttempts,
    private readonly tokens: StoreTokens,
    private readonly imports: ImportQueue,
    private readonly webhooks: WebhookSubscriptions,
    private readonly storeEvents: StoreEventsPublisher,
  ) {}

  async execute(callback: LinkCallback): Promise<LinkOutcome> {
    // Claimed before anything else: a refused, replayed or raced callback exchanges nothing.
    const attempt = await this.attempts.claim(callback.state, callback.nonce);
    if ('error' in attempt) {
      this.logger.warn({ reason: attempt.error }, 'Store link refused');
      // Not this browser's attempt (or not usable): its cookie stays for the attempt it started.
      return attempt;
    }
    // The browser's cookie has done its work, whatever YouCan and the link answer now.
    return { ...(await this.complete(callback, attempt)), cookieUsed: true };
  }

  private async complete(callback: LinkCallback, attempt: ClaimedAttempt): Promise<LinkOutcome> {
    if (callback.error || !callback.code) return { error: 'youcan_refused' };

    const identity = await this.exchange(callback.code, attempt.codeVerifier);
    if ('error' in identity) return identity;
    const store = await retryTransaction(() =>
      this.em.fork().transactional((em) => this.link(em, attempt, identity)),
    ).catch((error: unknown) => {
      // Two owners linking one YouCan store at the same moment: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) return null;
      throw error;
    });
    if (!store) {
      this.logger.warn({ ownerId: attempt.ownerId }, 'Store link refused: connected to another account');
      return { error: 'store_taken' };
    }
    // Queued once the store is committed, so the worker finds it; a lost announcement is sent
    // again by the store-owners sweep.
    await this.storeEvents.linked(store);
    await this.imports.start(store.id);
    this.logger.log({ storeId: store.id, ownerId: attempt.ownerId }, 'YouCan store linked');
    return { storeName: store.name };
  }

  private async exchange(
    code: string,
    codeVerifier: string,
  ): Promise<{ tokens: YoucanTokens; youcanStoreId: string } | { error: 'youcan_failed' }> {
    try {
      const tokens = await this.youcan.exchangeCode(code, codeVerifier);
      const me = await this.youcan.me(tokens.access_token);
      const youcanStoreId = String(me.id ?? me.store_id ?? me.slug ?? '');
      if (!youcanStoreId) throw new YoucanApiError(502, '/me did not name the store');
      return { tokens, youcanStoreId };
    } catch (error) {
      if (!(error instanceof YoucanApiError)) throw error;
      this.logger.warn({ status: error.status, detail: error.detail }, 'YouCan authorization failed');
      return { error: 'youcan_failed' };
    }
  }

  /** Creates the store, or renews the tokens of one the owner linked before; null when another owner has it. */
  private async link(
    em: EntityManager,
    started: ClaimedAttempt,
    { tokens, youcanStoreId }: { tokens: YoucanTokens; youcanStoreId: string },
  ): Promise<Store | null> {
    let store = await this.stores.findByYoucanId(em, youcanStoreId);
    if (store && store.ownerId !== started.ownerId) return null;
    if (!store) {
      store = this.stores.create(em, { ownerId: started.ownerId, name: started.storename, youcanStoreId });
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
