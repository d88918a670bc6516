import { rpcPattern } from '../rpc';

export const OrdersPatterns = {
  /** How many orders each of the given stores holds, from counters kept with every write. */
  countByStore: rpcPattern<{ storeIds: string[] }, Record<string, number>>(
    'orders',
    'orders.order.count-by-store.v1',
  ),
};
