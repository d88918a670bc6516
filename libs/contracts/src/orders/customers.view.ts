import type { OrderStatus } from './order-status';

/** One of the customer's orders, as the order's "customer" panel lists them. */
export interface CustomerOrderView {
  _id: string;
  ref: string;
  orderDate: string;
  status: OrderStatus;
  total: number;
  storeId: string;
}

/** `GET /api/orders/youcan/{id}/customer`: the customer's other orders in the caller's stores, newest first. */
export interface CustomerHistoryView {
  phone: string;
  orders: CustomerOrderView[];
}

export interface BlacklistEntryView {
  _id: string;
  phone: string;
  reason: string;
  createdAt: string;
}
