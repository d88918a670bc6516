import type { DeliveryAccountRef } from '../delivery-zr/views';
import type { OrderStatus } from './order-status';

/** Who did something, as the screens show it. */
export interface UserRef {
  _id: string;
  name: string;
}

export interface OrderNoteView {
  _id: string;
  message: string;
  createdAt: string;
  user: UserRef;
}

export interface OrderHistoryView {
  timestamp: string;
  changes: string;
  user: UserRef;
}

export interface OrderDeliveryView {
  deliveryAccount: DeliveryAccountRef;
  wilaya: string;
  commune?: string;
  isStopDesk: boolean;
  desk?: string;
  /** The parcel's tracking number, once the order was sent to the carrier. */
  tracking?: string;
}

/** An order in the spec's shape; `history` is sent to owners only. */
export interface OrderView {
  _id: string;
  storeId: string;
  ref: string;
  orderDate: string;
  customer: { full_name: string; phone: string; region: string; city: string };
  variants: { quantity: number; variant: { product: { name: string } } }[];
  total: number;
  currency: string;
  status: OrderStatus;
  version: number;
  notes: OrderNoteView[];
  confirmateur: { name: string } | null;
  delivery: OrderDeliveryView | null;
  history?: OrderHistoryView[];
  /** "Pas de réponse" attempts so far. */
  attempts: number;
  /** When to call back (ISO), while the status is 'reporté'. */
  callbackAt: string | null;
  /** Who is on the order and until when, while their claim lasts. */
  claim: { userId: string; name: string; until: string } | null;
  /** The agent the order is assigned to, in the store's assigned modes. */
  assignedTo: { userId: string; name: string } | null;
  /** The wilaya recognised in the region the store typed. */
  wilaya: { code: number; name: string; nameAr: string } | null;
  /** The commune of that wilaya that customer.city names, when one does. */
  commune: string | null;
  /** The open order (same phone, same owner, the 7 days before) this one may repeat. */
  duplicateOf: string | null;
  /** The owner's blacklist entry for the customer's phone. */
  blacklisted: { reason: string } | null;
}

/** One page of `GET /api/orders/youcan`, before the gateway turns the rest into headers. */
export interface OrdersPage {
  orders: OrderView[];
  total: number;
  /** False when the count stopped at its cap: "at least total". */
  exact: boolean;
  nextCursor: string | null;
}
