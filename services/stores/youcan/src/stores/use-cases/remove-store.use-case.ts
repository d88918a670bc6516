import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';
import { StoresYoucanPatterns, type StoreIdDto } from '@tawsil/contracts/stores-youcan';
import { idempotentWrite, requireOwner, ServiceError } from '@tawsil/nest-common';
import { ImportQueue } from '../../import/import-queue';
import { OrdersSyncPublisher } from '../../import/orders-sync.publisher';
import { YoucanClient } from '../../youcan/youcan.client';
import type { Store } from '../store.entity';
import { StoreEventsPublisher } from '../store-events.publisher';
import { StoreTokens } from '../store-tokens';
import { StoresRepository } from '../stores.repository';

export const STORE_NOT_FOUND = 'Store not found';

/**
 * Disconnects a store: its webhooks at YouCan, then its orders and confirmateur memberships
 * (durable jobs queued before the store row goes, so a failure leaves a store the owner can
 * delete again rather than orders nobody can reach).
 */
@Injectable()
export class RemoveStoreUseCase {
  private readonly logger = new Logger(RemoveStoreUseCase.name);

  constructor(
    private readonly em: EntityManager,
    private readonly stores: StoresRepository,
    private readonly youcan: YoucanClient,
    private readonly tokens: StoreTokens,
    private readonly imports: ImportQueue,
    private readonly publisher: OrdersSyncPublisher,
    private readonly storeEvents: StoreEventsPublisher,
  ) {}

  async execute(actor: Actor, input: StoreIdDto): Promise<StoreIdDto> {
    const owner = requireOwner(actor, 'manage stores');
    return idempotentWrite(this.em, { pattern: StoresYoucanPatterns.remove, request: input }, async (em) => {
      const store = await this.stores.findOwned(em, input.storeId, owner.userId);
      if (!store) throw ServiceError.notFound(STORE_NOT_FOUND);
      await this.unsubscribe(store);
      await this.imports.cancel(store.id);
      await this.publisher.storeRemoved(store.id);
      await this.storeEvents.removed(store.id);
      await this.stores.remove(em, store);
      this.logger.log({ storeId: store.id, ownerId: owner.userId }, 'YouCan store removed');
      return { storeId: store.id };
    });
  }

  /** YouCan may have revoked us already: a hook left behind only posts to a store we no longer know. */
  private async unsubscribe(store: Store) {
    for (const hookId of store.webhookIds) {
      try {
        await this.tokens.withAccessToken(store.id, (token) => this.youcan.unsubscribe(token, hookId));
      } catch (error) {
        this.logger.warn(
          { storeId: store.id, hookId, reason: String(error) },
          'Could not unsubscribe a webhook',
        );
      }
    }
  }
}
