import { rpcPattern } from '../rpc';
import type { AddNoteDto, EditOrderDto, ListOrdersQuery, OrderIdsDto, SetDeliveryDto } from './order.dto';
import type { DeletedOrders, OrderDeliveryView, OrderNoteView, OrdersPage, OrderView } from './order.view';
import type { ShippingOrder } from './shipping-order';
import type { StatisticsQuery } from './statistics';
import type { StatisticsView } from './statistics.view';

export const OrdersPatterns = {
  list: rpcPattern<ListOrdersQuery, OrdersPage>('orders', 'orders.order.list.v1'),
  edit: rpcPattern<EditOrderDto & { orderId: string }, OrderView>('orders', 'orders.order.edit.v1'),
  addNote: rpcPattern<AddNoteDto & { orderId: string }, OrderNoteView[]>(
    'orders',
    'orders.order.add-note.v1',
  ),
  setDelivery: rpcPattern<SetDeliveryDto & { orderId: string }, OrderDeliveryView>(
    'orders',
    'orders.order.set-delivery.v1',
  ),
  remove: rpcPattern<OrderIdsDto, DeletedOrders>('orders', 'orders.order.remove.v1'),
  /** How many orders each of the given stores holds, from counters kept with every write. */
  countByStore: rpcPattern<{ storeIds: string[] }, Record<string, number>>(
    'orders',
    'orders.order.count-by-store.v1',
  ),
  /** The caller's orders among the ids, as parcels are made of them; ids outside its stores are left out. */
  shippingDetails: rpcPattern<{ orderIds: string[] }, ShippingOrder[]>(
    'orders',
    'orders.order.shipping-details.v1',
  ),
  /** The owner's figures over a period, from summary rows kept by every write to orders. */
  statistics: rpcPattern<StatisticsQuery, StatisticsView>('orders', 'orders.statistics.v1'),
  /** The stores the caller reaches, from what orders keeps of stores and memberships (docs/store-access.md). */
  accessStoreIds: rpcPattern<Record<string, never>, string[]>('orders', 'orders.access.store-ids.v1'),
};
