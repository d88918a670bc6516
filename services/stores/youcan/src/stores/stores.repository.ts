import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { RefusedOrderDto, SyncState } from '@tawsil/contracts/stores-youcan';
import { randomUUID } from 'node:crypto';
import { Store } from './store.entity';

/** How many refused orders a store keeps to show its owner. */
export const REFUSED_KEPT = 20;

type StoreRef = Pick<Store, 'id' | 'ownerId'>;
type WebhookState = Pick<Store, 'id' | 'webhookIds' | 'webhookTargetDigest'>;

/**
 * stores_youcan.stores and the record of removed stores. Methods that take `em` work inside the
 * caller's transaction, on entities it flushes.
 */
@Injectable()
export class StoresRepository {
  constructor(private readonly em: EntityManager) {}

  ownedBy(ownerId: string): Promise<Store[]> {
    return this.em.fork().find(Store, { ownerId }, { orderBy: { createdAt: 'asc' } });
  }

  async idsOwnedBy(ownerId: string): Promise<string[]> {
    const stores = await this.em
      .fork()
      .find(Store, { ownerId }, { fields: ['id'], orderBy: { createdAt: 'asc' } });
    return stores.map((store) => store.id);
  }

  ownersOf(storeIds: string[]): Promise<StoreRef[]> {
    return this.em.fork().find(Store, { id: { $in: storeIds } }, { fields: ['id', 'ownerId'] });
  }

  /** Every store with its owner, and every store ever removed. */
  async ownersAndRemovals(): Promise<{ linked: { storeId: string; ownerId: string }[]; removed: string[] }> {
    const em = this.em.fork();
    const linked = await em.execute<{ storeId: string; ownerId: string }[]>(
      'select id as "storeId", owner_id as "ownerId" from stores_youcan.stores order by created_at',
    );
    const removed = await em.execute<{ store_id: string }[]>(
      'select store_id from stores_youcan.store_removals order by removed_at',
    );
    return { linked, removed: removed.map((row) => row.store_id) };
  }

  async removedAmong(storeIds: string[]): Promise<string[]> {
    const rows = await this.em.fork().execute<{ store_id: string }[]>(
      // One JSON parameter: MikroORM would spread a JS array into a list of parameters.
      `select store_id from stores_youcan.store_removals
       where store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
      [JSON.stringify(storeIds)],
    );
    return rows.map((row) => row.store_id);
  }

  find(storeId: string, em: EntityManager = this.em.fork()): Promise<Store | null> {
    return em.findOne(Store, storeId);
  }

  findOrFail(storeId: string): Promise<Store> {
    return this.em.fork().findOneOrFail(Store, storeId);
  }

  findRef(storeId: string): Promise<StoreRef | null> {
    return this.em.fork().findOne(Store, storeId, { fields: ['id', 'ownerId'] });
  }

  findOwned(em: EntityManager, storeId: string, ownerId: string): Promise<Store | null> {
    return em.findOne(Store, { id: storeId, ownerId });
  }

  /** The store, locked until the transaction ends. */
  lock(em: EntityManager, storeId: string): Promise<Store> {
    return em.findOneOrFail(Store, storeId, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  withSyncState(syncState: SyncState): Promise<StoreRef[]> {
    return this.em.fork().find(Store, { syncState }, { fields: ['id', 'ownerId'] });
  }

  webhookStates(): Promise<WebhookState[]> {
    return this.em.fork().find(Store, {}, { fields: ['id', 'webhookIds', 'webhookTargetDigest'] });
  }

  findByYoucanId(em: EntityManager, youcanStoreId: string): Promise<Store | null> {
    return em.findOne(Store, { youcanStoreId });
  }

  /** A new store, importing from the first page, without tokens yet; saved by the caller's flush. */
  create(em: EntityManager, store: { ownerId: string; name: string; youcanStoreId: string }): Store {
    return em.create(Store, {
      id: randomUUID(),
      ...store,
      accessToken: '',
      tokenExpiresAt: new Date(),
      webhookIds: [],
      syncState: 'importing',
      imported: 0,
      nextPage: 1,
      refusedOrders: [],
    });
  }

  /**
   * Records the store's new hooks unless another replica changed them since `seen`; answers
   * whether it did.
   */
  async recordWebhook(seen: WebhookState, hookIds: string[], targetDigest: string): Promise<boolean> {
    const recorded = await this.em
      .fork()
      .nativeUpdate(
        Store,
        { id: seen.id, webhookTargetDigest: seen.webhookTargetDigest },
        { webhookIds: hookIds, webhookTargetDigest: targetDigest },
      );
    return recorded > 0;
  }

  /** An import that can no longer go on; a store no longer importing keeps its state. */
  async markImportFailed(storeId: string, reason: string): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(
        Store,
        { id: storeId, syncState: 'importing' },
        { syncState: 'failed', lastError: reason },
      );
  }

  /** Keeps the newest REFUSED_KEPT refusals on the store, where its owner sees them. */
  async recordRefused(storeId: string, refused: RefusedOrderDto[]): Promise<void> {
    await this.em.fork().execute(
      `update stores_youcan.stores set refused_orders = (
         select coalesce(jsonb_agg(entry order by n), '[]'::jsonb)
         from (select entry, n from jsonb_array_elements(?::jsonb || refused_orders) with ordinality as t(entry, n)
               order by n limit ${REFUSED_KEPT}) kept)
       where id = ?`,
      [JSON.stringify([...refused].reverse()), storeId],
    );
  }

  /**
   * Deletes the store and records its removal with it: what orders and identity still hold of the
   * store is swept against that record if their store-removed jobs are lost.
   */
  async remove(em: EntityManager, store: StoreRef): Promise<void> {
    await em.execute(
      'insert into stores_youcan.store_removals (store_id, owner_id) values (?, ?) on conflict do nothing',
      [store.id, store.ownerId],
    );
    await em.nativeDelete(Store, { id: store.id });
  }
}
