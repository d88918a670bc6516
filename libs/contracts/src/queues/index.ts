import type { ImportedOrder } from '../orders/imported-order';

/**
 * BullMQ queue names. Frozen: renaming one strands the jobs already in it, so a rename needs the
 * old queue drained first.
 */
export enum QueueName {
  YoucanOrderEvents = 'youcan-order-events',
  YoucanImport = 'youcan-import',
  OrdersSync = 'orders-sync',
  IdentityStoreEvents = 'identity-store-events',
  ZrSaisie = 'zr-saisie',
  ZrTracking = 'zr-tracking',
  OrdersParcelEvents = 'orders-parcel-events',
}

/** A verified YouCan webhook delivery, queued by the gateway for stores/youcan. */
export interface YoucanOrderEventJob {
  storeId: string;
  /** The delivery's JSON: a bare order or an `{event_name, data}` envelope. */
  payload: unknown;
  receivedAt: string;
}

/** The initial import of one store; its progress lives in the stores table, not in the job. */
export interface YoucanImportJob {
  storeId: string;
}

/** Jobs on `orders-sync`, by job name. */
export const OrdersSyncJobs = {
  upsert: 'upsert',
  storeRemoved: 'store-removed',
} as const;

export interface OrdersUpsertJob {
  storeId: string;
  orders: ImportedOrder[];
}

export interface StoreRemovedJob {
  storeId: string;
}
