import { defineEntity, p } from '@mikro-orm/core';
import { ORDER_STATUSES } from '@tawsil/contracts/orders';
import type { ImportedOrder, OrderDeliveryView } from '@tawsil/contracts/orders';

/** An order as agents change it; lists are read with plain SQL (see orders-query.repository). */
export const OrderSchema = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: {
    id: p.uuid().primary(),
    storeId: p.uuid(),
    externalId: p.text(),
    ref: p.text(),
    orderDate: p.datetime(),
    sourceUpdatedAt: p.datetime(),
    customerName: p.text(),
    customerPhone: p.text(),
    regionRaw: p.text(),
    wilayaCode: p.smallint().nullable(),
    city: p.text(),
    items: p.json<ImportedOrder['items']>(),
    firstProductName: p.text(),
    quantity: p.integer(),
    total: p.decimal('number'),
    currency: p.text(),
    status: p.enum(ORDER_STATUSES),
    statusById: p.uuid().nullable(),
    statusByName: p.text().nullable(),
    delivery: p.json<OrderDeliveryView>().nullable(),
    /** Fields an agent corrected: the store's later copies leave them alone. */
    editedFields: p.array(),
    /** "Pas de réponse" attempts so far, and when the last one was. */
    attempts: p.integer().default(0),
    lastAttemptAt: p.datetime().nullable(),
    /** When to call back, while the status is 'reporté'. */
    callbackAt: p.datetime().nullable(),
    /** The agent on the order until claimedUntil; claims never change the version. */
    claimedById: p.uuid().nullable(),
    claimedByName: p.text().nullable(),
    claimedUntil: p.datetime().nullable(),
    assignedToId: p.uuid().nullable(),
    assignedToName: p.text().nullable(),
    /** The open order of the same customer this one may repeat (set when it arrives). */
    duplicateOf: p.uuid().nullable(),
    /** Checked by every full edit: a save based on an older version answers 409. */
    version: p.integer().version(),
    updatedAt: p.datetime().onUpdate(() => new Date()),
  },
});
export class Order extends OrderSchema.class {}
OrderSchema.setClass(Order);

export const OrderNoteSchema = defineEntity({
  name: 'OrderNote',
  tableName: 'order_notes',
  properties: {
    id: p.uuid().primary(),
    orderId: p.uuid(),
    message: p.text(),
    userId: p.uuid(),
    userName: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class OrderNote extends OrderNoteSchema.class {}
OrderNoteSchema.setClass(OrderNote);

export const OrderHistorySchema = defineEntity({
  name: 'OrderHistoryEntry',
  tableName: 'order_history',
  properties: {
    id: p.uuid().primary(),
    orderId: p.uuid(),
    at: p.datetime().onCreate(() => new Date()),
    changes: p.text(),
    userId: p.uuid(),
    userName: p.text(),
  },
});
export class OrderHistoryEntry extends OrderHistorySchema.class {}
OrderHistorySchema.setClass(OrderHistoryEntry);

export const OrderAttemptSchema = defineEntity({
  name: 'OrderAttempt',
  tableName: 'order_attempts',
  properties: {
    id: p.uuid().primary(),
    orderId: p.uuid(),
    number: p.integer(),
    userId: p.uuid(),
    userName: p.text(),
    at: p.datetime().onCreate(() => new Date()),
  },
});
export class OrderAttempt extends OrderAttemptSchema.class {}
OrderAttemptSchema.setClass(OrderAttempt);
