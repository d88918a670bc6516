import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { RepairSweeps } from '@tawsil/contracts/queues';
import { StoresYoucanConfig } from '../config/stores-youcan.config';
import { Store } from '../stores/store.entity';
import { StoreTokens } from '../stores/store-tokens';
import { mapYoucanOrder, UnusableOrderError } from '../youcan/order-mapper';
import { YoucanClient } from '../youcan/youcan.client';
import type { YoucanOrder } from '../youcan/youcan.types';
import { OrdersSyncPublisher } from './orders-sync.publisher';

/** Bounds one store's re-read even if YouCan keeps answering full pages of recent orders. */
const MOST_PAGES_PER_STORE = 200;

/**
 * Reads each synced store's orders of the last REPAIR_RECENT_ORDERS_HOURS again, newest first, and
 * hands them to orders: an order whose webhook was lost (or whose job ran out of attempts) arrives
 * this way. Orders upserts by YouCan id and keeps the newer copy, so the orders it has already
 * change nothing; it counts the ones it did not have.
 */
@Injectable()
export class RecentOrdersSweep {
  private readonly logger = new Logger(RecentOrdersSweep.name);

  constructor(
    private readonly em: EntityManager,
    private readonly youcan: YoucanClient,
    private readonly tokens: StoreTokens,
    private readonly publisher: OrdersSyncPublisher,
    private readonly config: StoresYoucanConfig,
  ) {}

  async execute(): Promise<{ stores: number; reread: number; failed: number }> {
    const since = Date.now() - this.config.REPAIR_RECENT_ORDERS_HOURS * 3600_000;
    // A store still importing reads every order anyway.
    const stores = await this.em.fork().find(Store, { syncState: 'synced' }, { fields: ['id'] });
    let reread = 0;
    let failed = 0;
    for (const store of stores) {
      try {
        reread += await this.reread(store.id, since);
      } catch (error) {
        failed += 1;
        this.logger.warn({ storeId: store.id, reason: String(error) }, 'Could not re-read recent orders');
      }
    }
    return { stores: stores.length, reread, failed };
  }

  private async reread(storeId: string, since: number): Promise<number> {
    const pageSize = this.config.YOUCAN_IMPORT_PAGE_SIZE;
    let reread = 0;
    for (let pageNumber = 1; pageNumber <= MOST_PAGES_PER_STORE; pageNumber++) {
      const page = await this.tokens.withAccessToken(storeId, (token) =>
        this.youcan.orders(token, pageNumber, pageSize, 'desc'),
      );
      const data = page.data ?? [];
      const recent = data.filter((order) => !isBefore(order, since));
      await this.publisher.upsert(storeId, this.map(storeId, recent), RepairSweeps.recentOrders);
      reread += recent.length;
      const lastPage = page.meta?.pagination?.total_pages ?? pageNumber;
      if (recent.length < data.length || data.length < pageSize || pageNumber >= lastPage) break;
    }
    return reread;
  }

  private map(storeId: string, orders: YoucanOrder[]) {
    return orders.flatMap((order) => {
      try {
        return [mapYoucanOrder(order)];
      } catch (error) {
        if (!(error instanceof UnusableOrderError)) throw error;
        this.logger.warn({ storeId, reason: error.message }, 'Skipped an order YouCan sent without id');
        return [];
      }
    });
  }
}

/** An order without a readable creation date counts as recent: reading it again is harmless. */
function isBefore(order: YoucanOrder, since: number): boolean {
  const created = Date.parse(String(order.created_at ?? ''));
  return Number.isFinite(created) && created < since;
}
