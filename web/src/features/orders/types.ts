import type { OrderStatus, OrderView } from '@tawsil/contracts/orders';

/** A status as the API spells it: the contracts enum's values, as plain text. */
export type Status = `${OrderStatus}`;

/**
 * What the agent workspace adds to every order (attempts, callback, claim, recognised place,
 * customer flags). Optional here so that a server without one of them still shows the order.
 */
export interface WorkspaceFields {
  /** "Pas de réponse" attempts so far. */
  attempts?: number;
  /** ISO instant of the callback while the status is reporté. */
  callbackAt?: string | null;
  /** Who is on the order, until when (ISO). */
  claim?: { userId: string; name: string; until: string } | null;
  assignedTo?: { userId: string; name: string } | null;
  /** The wilaya recognised from the customer's region text. */
  wilaya?: { code: number; name: string; nameAr: string } | null;
  /** The commune of that wilaya the customer's city matched, if any. */
  commune?: string | null;
  /** The open order (same phone, last 7 days) this one may duplicate. */
  duplicateOf?: string | null;
  blacklisted?: { reason: string } | null;
  /** Queue items only: past the store's maximum attempts, proposed for annulée. */
  proposeCancel?: boolean;
}

/** An order as `GET /api/orders/youcan` sends it; `history` only to owners. */
export type Order = Omit<OrderView, 'status' | keyof WorkspaceFields> & WorkspaceFields & { status: Status };

export type OrderNote = Order['notes'][number];
export type OrderHistoryEntry = NonNullable<Order['history']>[number];
