import {
  QueueName,
  RepairSweeps,
  type OrdersUpsertJob,
  type ParcelsSentJob,
  type ParcelStatesJob,
  type StoreRemovedJob,
  type StoresChangedJob,
  type AgentStoresJob,
  type YoucanImportJob,
  type YoucanOrderEventJob,
  type ZrSaisieJob,
} from './jobs';
import { queueJobs, type NoData } from './queue-jobs';

// One job map per queue: job name -> payload. The names are on the wire (jobs wait in Redis under
// them): a rename needs the old jobs drained first, like a queue rename.

export interface YoucanOrderEventsJobs {
  order: YoucanOrderEventJob;
}
export const YOUCAN_ORDER_EVENTS_JOBS = queueJobs<YoucanOrderEventsJobs>(QueueName.YoucanOrderEvents, {
  order: true,
});

export interface YoucanImportJobs {
  import: YoucanImportJob;
}
export const YOUCAN_IMPORT_JOBS = queueJobs<YoucanImportJobs>(QueueName.YoucanImport, { import: true });

export interface OrdersSyncJobs {
  upsert: OrdersUpsertJob;
  'store-removed': StoreRemovedJob;
}
export const ORDERS_SYNC_JOBS = queueJobs<OrdersSyncJobs>(QueueName.OrdersSync, {
  upsert: true,
  'store-removed': true,
});

export interface IdentityStoreEventsJobs {
  'store-removed': StoreRemovedJob;
}
export const IDENTITY_STORE_EVENTS_JOBS = queueJobs<IdentityStoreEventsJobs>(QueueName.IdentityStoreEvents, {
  'store-removed': true,
});

export interface ZrSaisieJobs {
  saisie: ZrSaisieJob;
}
export const ZR_SAISIE_JOBS = queueJobs<ZrSaisieJobs>(QueueName.ZrSaisie, { saisie: true });

/** A scheduled tick: read the states of the parcels in transit. */
export interface ZrTrackingJobs {
  track: NoData;
}
export const ZR_TRACKING_JOBS = queueJobs<ZrTrackingJobs>(QueueName.ZrTracking, { track: true });

/** What happened to orders' parcels at the carrier. */
export interface OrdersParcelEventsJobs {
  'parcels-sent': ParcelsSentJob;
  'parcel-states': ParcelStatesJob;
}
export const ORDERS_PARCEL_EVENTS_JOBS = queueJobs<OrdersParcelEventsJobs>(QueueName.OrdersParcelEvents, {
  'parcels-sent': true,
  'parcel-states': true,
});

/** Who reaches which store: stores linked and removed (stores/youcan), agents' stores (identity). */
export interface OrdersAccessJobs {
  stores: StoresChangedJob;
  'agent-stores': AgentStoresJob;
}
export const ORDERS_ACCESS_JOBS = queueJobs<OrdersAccessJobs>(QueueName.OrdersAccess, {
  stores: true,
  'agent-stores': true,
});

/** Stores linked and removed, for the store owners delivery/zr keeps. */
export interface ZrStoreEventsJobs {
  stores: StoresChangedJob;
}
export const ZR_STORE_EVENTS_JOBS = queueJobs<ZrStoreEventsJobs>(QueueName.ZrStoreEvents, { stores: true });

export interface OrdersRepairJobs {
  [RepairSweeps.removedStoreOrders]: NoData;
}
export const ORDERS_REPAIR_JOBS = queueJobs<OrdersRepairJobs>(QueueName.OrdersRepair, {
  [RepairSweeps.removedStoreOrders]: true,
});

export interface IdentityRepairJobs {
  [RepairSweeps.removedStoreMemberships]: NoData;
  [RepairSweeps.agentStores]: NoData;
}
export const IDENTITY_REPAIR_JOBS = queueJobs<IdentityRepairJobs>(QueueName.IdentityRepair, {
  [RepairSweeps.removedStoreMemberships]: true,
  [RepairSweeps.agentStores]: true,
});

export interface YoucanRepairJobs {
  [RepairSweeps.recentOrders]: NoData;
  [RepairSweeps.webhookSubscriptions]: NoData;
  [RepairSweeps.webhookDeliveries]: NoData;
  [RepairSweeps.storeOwners]: NoData;
}
export const YOUCAN_REPAIR_JOBS = queueJobs<YoucanRepairJobs>(QueueName.YoucanRepair, {
  [RepairSweeps.recentOrders]: true,
  [RepairSweeps.webhookSubscriptions]: true,
  [RepairSweeps.webhookDeliveries]: true,
  [RepairSweeps.storeOwners]: true,
});

export interface ZrRepairJobs {
  [RepairSweeps.unannouncedParcels]: NoData;
  [RepairSweeps.abandonedSaisies]: NoData;
  [RepairSweeps.zrWebhookEndpoints]: NoData;
  [RepairSweeps.zrWebhookDeliveries]: NoData;
}
export const ZR_REPAIR_JOBS = queueJobs<ZrRepairJobs>(QueueName.ZrRepair, {
  [RepairSweeps.unannouncedParcels]: true,
  [RepairSweeps.abandonedSaisies]: true,
  [RepairSweeps.zrWebhookEndpoints]: true,
  [RepairSweeps.zrWebhookDeliveries]: true,
});

/** Every queue's job names, by queue: each queue has exactly one job map. */
export const QUEUE_JOBS = [
  YOUCAN_ORDER_EVENTS_JOBS,
  YOUCAN_IMPORT_JOBS,
  ORDERS_SYNC_JOBS,
  IDENTITY_STORE_EVENTS_JOBS,
  ZR_SAISIE_JOBS,
  ZR_TRACKING_JOBS,
  ORDERS_PARCEL_EVENTS_JOBS,
  ORDERS_ACCESS_JOBS,
  ZR_STORE_EVENTS_JOBS,
  ORDERS_REPAIR_JOBS,
  IDENTITY_REPAIR_JOBS,
  YOUCAN_REPAIR_JOBS,
  ZR_REPAIR_JOBS,
] as const;
