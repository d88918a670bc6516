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
