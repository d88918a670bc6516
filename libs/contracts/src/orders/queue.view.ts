import type { OrderView } from './order.view';

export const ASSIGNMENT_MODES = ['shared', 'round-robin', 'least-loaded'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

/** A store's queue settings, as an owner sets them. */
export interface StoreSettingsView {
  storeId: string;
  /** "Pas de réponse" attempts before the queue proposes Annulée. */
  maxAttempts: number;
  /** How long an unanswered order waits before it is called again. */
  retryDelayMinutes: number;
  /** How long an agent holds an order they opened or took. */
  claimMinutes: number;
  assignment: AssignmentMode;
  /** The most open orders assigned to one agent at once. */
  agentCap: number;
}

export const DEFAULT_STORE_SETTINGS: Omit<StoreSettingsView, 'storeId'> = {
  maxAttempts: 5,
  retryDelayMinutes: 120,
  claimMinutes: 10,
  assignment: 'shared',
  agentCap: 30,
};

/** Who is on an order and until when (ISO). */
export interface ClaimView {
  userId: string;
  name: string;
  until: string;
}

/** An order of the queue: `proposeCancel` when it is past the store's maximum attempts. */
export type QueueOrderView = OrderView & { proposeCancel?: boolean };

export interface QueueCounts {
  /** Callbacks scheduled (status reporté), due or not. */
  callbacks: number;
  /** Pending orders never called. */
  new: number;
  /** Unanswered orders whose retry delay has passed. */
  retry: number;
  /** Callbacks whose time has come: the first of the queue. */
  overdue: number;
}

export interface QueueView {
  counts: QueueCounts;
  orders: QueueOrderView[];
}

export interface AvailabilityView {
  available: boolean;
}

export const QUEUE_LIMIT = 50;
