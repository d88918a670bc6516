import type { OrderStatus, OrderView } from '@tawsil/contracts/orders';

/** A status as the API spells it: the contracts enum's values, as plain text. */
export type Status = `${OrderStatus}`;

/** An order as `GET /api/orders/youcan` sends it; `history` only to owners. */
export type Order = Omit<OrderView, 'status'> & { status: Status };

export type OrderNote = Order['notes'][number];
export type OrderHistoryEntry = NonNullable<Order['history']>[number];
