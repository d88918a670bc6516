import { Injectable, Logger } from '@nestjs/common';
import { RepairSweeps } from '@tawsil/contracts/queues';
import { StoresYoucanConfig } from '../../config/stores-youcan.config';
import { StoresRepository } from '../../stores/stores.repository';
import { StoreTokens } from '../../stores/store-tokens';
import { YoucanClient } from '../../youcan/youcan.client';
import type { YoucanOrder } from '../../youcan/youcan.types';
import { OrdersSyncPublisher } from '../orders-sync.publisher';
import { RefusedOrders } from '../refused-orders';

/** Bounds one store's re-read even if YouCan keeps answering full pages of recent orders. */
const MOST_PAGES_PER_STORE = 200;

/**
 * Reads each synced store's orders of the last REPAIR_RECENT_ORDERS_HOURS again, newest first, and
 * hands them to orders: an order whose webhook was lost (or whose job ran out of attempts) arrives
 * this way. Orders upserts by YouCan id and keeps the newer copy, so the orders it has already
 * change nothing; it counts the ones it did not have.
 */
@Injectable()
export class RereadRecentOrdersUseCase {
  private readonly logger = new Logger(RereadRecentOrdersUseCase.name);

  constructor(
    private readonly stores: StoresRepository,
    private readonly youcan: YoucanClient,
    private readonly tokens: StoreTokens,
    private readonly publisher: OrdersSyncPublisher,
    private readonly refusals: RefusedOrders,
    private readonly config: StoresYoucanConfig,
  ) {}

  async execute(): Promise<{ stores: number; reread: number; failed: number }> {
    const since = Date.now() - this.config.REPAIR_RECENT_ORDERS_HOURS * 3600_000;
    // A store still importing reads every order anyway.
    const stores = await this.stores.withSyncState('synced');
    let reread = 0;
    let failed = 0;
    for (const store of stores) {
      try {
        reread += await this.reread(store, since);
      } catch (error) {
        failed += 1;
        this.logger.warn({ storeId: store.id, reason: String(error) }, 'Could not re-read recent orders');
      }
    }
    return { stores: stores.length, reread, failed };
  }

  private async reread(store: { id: string; ownerId: string }, since: number): Promise<number> {
    const storeId = store.id;
    const pageSize = this.config.YOUCAN_IMPORT_PAGE_SIZE;
    let reread = 0;
    for (let pageNumber = 1; pageNumber <= MOST_PAGES_PER_STORE; pageNumber++) {
      const page = await this.tokens.withAccessToken(storeId, (token) =>
        this.youcan.orders(token, pageNumber, pageSize, 'desc'),
      );
      const data = page.data ?? [];
      const recent = data.filter((order) => !isBefore(order, since));
      const { orders, refused } = this.refusals.map(storeId, recent);
      await this.publisher.upsert(store, orders, RepairSweeps.recentOrders);
      await this.refusals.record(storeId, refused);
      reread += recent.length;
      const lastPage = page.meta?.pagination?.total_pages ?? pageNumber;
      if (recent.length < data.length || data.length < pageSize || pageNumber >= lastPage) break;
    }
    return reread;
  }
}

/** An order without a readable creation date counts as recent: reading it again is harmless. */
function isBefore(order: YoucanOrder, since: number): boolean {
  const created = Date.parse(String(order.created_at ?? ''));
  return Number.isFinite(created) && created < since;
}
