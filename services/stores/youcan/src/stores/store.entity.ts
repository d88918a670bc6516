import { defineEntity, p } from '@mikro-orm/core';
import { SYNC_STATES, type RefusedOrderDto } from '@tawsil/contracts/stores-youcan';

export const StoreSchema = defineEntity({
  name: 'Store',
  tableName: 'stores',
  properties: {
    id: p.uuid().primary(),
    ownerId: p.uuid(),
    /** The name the owner gave at init; the YouCan sandbox names its store after it. */
    name: p.text(),
    youcanStoreId: p.text().unique('stores_youcan_store_unique'),
    /** Sealed with SecretBox, bound to the store id. */
    accessToken: p.text(),
    refreshToken: p.text().nullable(),
    tokenExpiresAt: p.datetime(),
    webhookIds: p.json<string[]>(),
    /** SHA-256 of the address the webhooks were subscribed with; it holds the store's key. */
    webhookTargetDigest: p.text().nullable(),
    syncState: p.enum(SYNC_STATES),
    imported: p.integer(),
    total: p.integer().nullable(),
    /** The next YouCan page the import reads: where it resumes after a restart. */
    nextPage: p.integer(),
    lastSyncAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    /** The latest orders YouCan sent that could not be stored, newest first (at most REFUSED_KEPT). */
    refusedOrders: p.json<RefusedOrderDto[]>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Store extends StoreSchema.class {}
StoreSchema.setClass(Store);
