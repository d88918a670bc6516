import { rpcPattern } from '../rpc';
import type { AvailabilityDto, ClaimOrderDto, QueueQuery, StoreSettingsDto } from './queue.dto';
import type { ClaimView } from './order.view';
import type {
  AvailabilityView,
  ClaimReleased,
  QueueOrderView,
  QueueView,
  StoreSettingsView,
} from './queue.view';

export const QueuePatterns = {
  queue: rpcPattern<QueueQuery, QueueView>('orders', 'orders.queue.list.v1'),
  /** The next order of the caller's queue, claimed for them; null when nothing waits. */
  next: rpcPattern<QueueQuery, { order: QueueOrderView | null }>('orders', 'orders.queue.next.v1'),
  claim: rpcPattern<ClaimOrderDto & { orderId: string }, ClaimView>('orders', 'orders.order.claim.v1'),
  release: rpcPattern<{ orderId: string }, ClaimReleased>('orders', 'orders.order.release.v1'),
  settings: rpcPattern<{ storeId: string }, StoreSettingsView>('orders', 'orders.settings.get.v1'),
  updateSettings: rpcPattern<StoreSettingsDto & { storeId: string }, StoreSettingsView>(
    'orders',
    'orders.settings.update.v1',
  ),
  availability: rpcPattern<Record<string, never>, AvailabilityView>('orders', 'orders.availability.get.v1'),
  setAvailability: rpcPattern<AvailabilityDto, AvailabilityView>('orders', 'orders.availability.set.v1'),
};
