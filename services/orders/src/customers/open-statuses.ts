import { OrderStatus } from '@tawsil/contracts/orders';

/** Statuses of an order still being worked on: a new order from the same phone may repeat it. */
export const OPEN_STATUSES: readonly OrderStatus[] = [
  OrderStatus.Pending,
  OrderStatus.NoAnswer,
  OrderStatus.Postponed,
  OrderStatus.Confirmed,
];
