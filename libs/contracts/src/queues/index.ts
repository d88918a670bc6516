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
  /** The store's owner: orders keep which stores belong to one owner (duplicates, blacklist). */
  ownerId?: string;
  orders: ImportedOrder[];
}

export interface StoreRemovedJob {
  storeId: string;
}

/** A bulk saisie; its orders, progress and outcomes live in delivery_zr's tables, keyed by the job id. */
export interface ZrSaisieJob {
  saisieId: string;
}

/** Jobs on `orders-parcel-events`, by job name: what happened to orders' parcels at the carrier. */
export const OrdersParcelJobs = {
  sent: 'parcels-sent',
  states: 'parcel-states',
} as const;

/** Orders that became parcels: they turn `saisie`, with a history entry by the owner who sent them. */
export interface ParcelsSentJob {
  user: { _id: string; name: string };
  parcels: { orderId: string; tracking: string }[];
}

/** Carrier states read by tracking, already mapped to order statuses. */
export interface ParcelStatesJob {
  changes: {
    orderId: string;
    tracking: string;
    status: 'en cours de livraison' | 'livrée' | 'retour';
    carrierState: string;
  }[];
}
