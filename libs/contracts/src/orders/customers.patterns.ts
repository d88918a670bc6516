import type { DeletedId } from '../http';
import { rpcPattern } from '../rpc';
import type { AddBlacklistEntryDto, OrdersFilterDto } from './customers.dto';
import type { BlacklistEntryView, CustomerHistoryView } from './customers.view';
import type { OrderView } from './order.view';

export const CustomersPatterns = {
  /** The ids of the caller's orders matching a filter, newest first, at most BULK_FILTER_MAX (owner only). */
  idsMatching: rpcPattern<OrdersFilterDto, { orderIds: string[] }>('orders', 'orders.order.ids-matching.v1'),
  history: rpcPattern<{ orderId: string }, CustomerHistoryView>('orders', 'orders.customer.history.v1'),
  cancelDuplicate: rpcPattern<{ orderId: string }, OrderView>('orders', 'orders.order.cancel-duplicate.v1'),
  blacklist: rpcPattern<Record<string, never>, BlacklistEntryView[]>('orders', 'orders.blacklist.list.v1'),
  addToBlacklist: rpcPattern<AddBlacklistEntryDto, BlacklistEntryView>('orders', 'orders.blacklist.add.v1'),
  removeFromBlacklist: rpcPattern<{ entryId: string }, DeletedId>('orders', 'orders.blacklist.remove.v1'),
};
