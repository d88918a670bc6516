/** What `GET /api/events` says of an order, and what the orders service writes to Redis for it. */
export const ORDER_EVENT_TYPES = ['created', 'changed', 'claimed', 'released', 'deleted'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

export interface OrderEventClaim {
  userId: string;
  name: string | null;
  /** ISO instant the claim ends. */
  until: string | null;
}

export interface OrderLiveEvent {
  type: OrderEventType;
  orderId: string;
  storeId: string;
  /** The order's status after the change (absent for `deleted`). */
  status?: string;
  /** Who holds the order now, when the orders table keeps claims; null when nobody does. */
  claim?: OrderEventClaim | null;
}

/** The Redis stream of one store's order events: every gateway replica reads it. */
export const orderEventsStream = (storeId: string) => `events:store:${storeId}`;

/** About this many events stay in each store's stream: how far back a reconnecting client resumes. */
export const ORDER_EVENTS_STREAM_LENGTH = 5000;

/** The one field of a stream entry: the event as JSON. */
export const ORDER_EVENT_FIELD = 'event';

/**
 * The Redis stream where orders announces, after each commit, a change of who reaches which store:
 * every gateway replica follows it and checks its open live streams again at once. Ids only.
 */
export const ACCESS_CHANGES_STREAM = 'access:changed';

/** About this many announcements are kept: gateways read them within milliseconds. */
export const ACCESS_CHANGES_STREAM_LENGTH = 1000;

/**
 * One announcement: `user` — the stores this user reaches changed (an agent added to or taken off
 * a store, an owner's store linked), ask again; `store` — this store was removed, for good.
 */
export type AccessChange = { user: string } | { store: string };
