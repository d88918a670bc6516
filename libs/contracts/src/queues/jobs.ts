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
  /** Stores linked and removed, and agents' stores: what orders keeps of who reaches which store. */
  OrdersAccess = 'orders-access',
  /** Stores linked and removed: delivery/zr keeps each store's owner. */
  ZrStoreEvents = 'zr-store-events',
  /** Each service's scheduled repair sweeps (RepairSweeps), on a queue of its own. */
  OrdersRepair = 'orders-repair',
  IdentityRepair = 'identity-repair',
  YoucanRepair = 'youcan-repair',
  ZrRepair = 'zr-repair',
}

/**
 * Scheduled repair sweeps, by job name: each finds what a lost or failed message left behind in
 * its service's own data and puts it right. Also the `sweep` label of `tawsil_repair_items_total`.
 */
export const RepairSweeps = {
  /** orders: orders of removed stores deleted. */
  removedStoreOrders: 'removed-store-orders',
  /** identity: memberships of removed stores deleted. */
  removedStoreMemberships: 'removed-store-memberships',
  /** stores/youcan: every store and its owner, and every removed store, sent again to orders and delivery/zr. */
  storeOwners: 'store-owners',
  /** identity: every confirmateur's stores sent again to orders. */
  agentStores: 'agent-stores',
  /** stores/youcan: each store's recent orders read again from YouCan. */
  recentOrders: 'recent-youcan-orders',
  /** stores/youcan: stores whose webhook address is not the current keyed one, subscribed again. */
  webhookSubscriptions: 'youcan-webhook-subscriptions',
  /** stores/youcan: webhook deliveries older than WEBHOOK_DELIVERIES_KEPT_DAYS forgotten. */
  webhookDeliveries: 'youcan-webhook-deliveries',
  /** delivery/zr: parcels created at ZR that orders has not heard of, announced again. */
  unannouncedParcels: 'unannounced-parcels',
  /** delivery/zr: saisies whose job failed without recording it, marked failed. */
  abandonedSaisies: 'abandoned-saisies',
  /** delivery/zr: accounts whose ZR webhook endpoint is missing or at an old address, registered again. */
  zrWebhookEndpoints: 'zr-webhook-endpoints',
  /** delivery/zr: ZR webhook deliveries (svix-ids) older than a week forgotten. */
  zrWebhookDeliveries: 'zr-webhook-deliveries',
} as const;

/** A verified YouCan webhook delivery, queued by the gateway for stores/youcan. */
export interface YoucanOrderEventJob {
  storeId: string;
  /** The delivery's JSON: a bare order or an `{event_name, data}` envelope. */
  payload: unknown;
  /** SHA-256 of the delivery's bytes: the same delivery again is recognised by it. */
  deliveryId?: string;
  receivedAt: string;
}

/** The initial import of one store; its progress lives in the stores table, not in the job. */
export interface YoucanImportJob {
  storeId: string;
}

export interface OrdersUpsertJob {
  storeId: string;
  /** The store's owner: orders keep which stores belong to one owner (duplicates, blacklist). */
  ownerId?: string;
  orders: ImportedOrder[];
  /** Set by a repair sweep (its RepairSweeps name): orders counts the orders it did not have yet. */
  repair?: string;
}

export interface StoreRemovedJob {
  storeId: string;
}

/**
 * Stores linked and stores removed, by stores/youcan: on each link and removal, and all of them
 * from its repair sweep. A store's owner never changes and a removal is final, so the same job
 * again, late or out of order, changes nothing.
 */
export interface StoresChangedJob {
  linked: { storeId: string; ownerId: string }[];
  removed: string[];
}

/**
 * Each agent's stores as identity read them, whole: after each membership change, and every
 * agent from its repair sweep. `version` is when the read began (microseconds since the epoch, as
 * text): every membership committed before it is in the list, so the newest version wins and an
 * older one arriving late changes nothing.
 */
export interface AgentStoresJob {
  version: string;
  agents: { agentId: string; storeIds: string[] }[];
}

/** A bulk saisie; its orders, progress and outcomes live in delivery_zr's tables, keyed by the job id. */
export interface ZrSaisieJob {
  saisieId: string;
  /** The accounts a saisie waits for, once it found one busy: it asks again before reading orders. */
  accountIds?: string[];
}

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
