import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { StoresYoucanConfig } from '../../config/stores-youcan.config';
import { StoresRepository } from '../../stores/stores.repository';
import { StoreTokens } from '../../stores/store-tokens';
import { YoucanApiError } from '../../youcan/youcan-api.error';
import { YoucanClient } from '../../youcan/youcan.client';
import type { YoucanOrdersPage } from '../../youcan/youcan.types';
import { OrdersSyncPublisher } from '../orders-sync.publisher';
import { RefusedOrders } from '../refused-orders';
import { FailImportUseCase } from './fail-import.use-case';

const LONGEST_RATE_LIMIT_WAIT_MS = 60_000;
const RATE_LIMIT_WAITS_PER_PAGE = 20;

/** What the job running an import lets it do between pages. */
export interface ImportRun {
  storeId: string;
  /** Throws to hand the job back when the worker is stopping. */
  beforePage(): Promise<void>;
  progress(figures: { imported: number; total: number | null }): Promise<void>;
}

/**
 * Reads every order of a newly linked store, page by page. Progress is saved in the store row
 * after each page, so a restarted import resumes where it stopped; a page read twice is harmless
 * because orders are upserted by their YouCan id.
 */
@Injectable()
export class ImportStoreOrdersUseCase {
  private readonly logger = new Logger(ImportStoreOrdersUseCase.name);

  constructor(
    private readonly em: EntityManager,
    private readonly stores: StoresRepository,
    private readonly youcan: YoucanClient,
    private readonly tokens: StoreTokens,
    private readonly publisher: OrdersSyncPublisher,
    private readonly refusals: RefusedOrders,
    private readonly failImport: FailImportUseCase,
    private readonly config: StoresYoucanConfig,
  ) {}

  async execute(run: ImportRun): Promise<{ imported: number } | { stopped: string }> {
    const { storeId } = run;
    const pageSize = this.config.YOUCAN_IMPORT_PAGE_SIZE;
    for (;;) {
      await run.beforePage();
      const em = this.em.fork();
      const store = await this.stores.find(storeId, em);
      if (!store) return { stopped: 'the store was removed' };
      if (store.syncState !== 'importing') return { stopped: `the store is ${store.syncState}` };

      let page: YoucanOrdersPage;
      try {
        page = await this.readPage(storeId, store.nextPage, pageSize);
      } catch (error) {
        if (error instanceof YoucanApiError && !error.isTransient) {
          await this.failImport.execute(storeId, error.detail);
          return { stopped: error.detail };
        }
        throw error; // BullMQ retries with backoff; the next attempt resumes at nextPage
      }

      const { orders, refused } = this.refusals.map(storeId, page.data ?? []);
      await this.publisher.upsert(store, orders);
      await this.refusals.record(storeId, refused);
      const pagination = page.meta?.pagination;
      const totalPages = pagination?.total_pages ?? (page.data.length < pageSize ? store.nextPage : Infinity);
      store.imported = Math.min(
        (store.nextPage - 1) * pageSize + page.data.length,
        pagination?.total ?? Infinity,
      );
      store.total = pagination?.total ?? null;
      store.nextPage += 1;
      store.lastError = null;
      if (store.nextPage > totalPages || page.data.length === 0) {
        store.syncState = 'synced';
        store.lastSyncAt = new Date();
      }
      await em.flush();
      await run.progress({ imported: store.imported, total: store.total });
      if (store.syncState === 'synced') {
        this.logger.log({ storeId, imported: store.imported }, 'Store import finished');
        return { imported: store.imported };
      }
    }
  }

  /** A page, waiting out YouCan's rate limit as long as it asks (within reason). */
  private async readPage(storeId: string, pageNumber: number, pageSize: number) {
    for (let wait = 1; ; wait++) {
      try {
        return await this.tokens.withAccessToken(storeId, (token) =>
          this.youcan.orders(token, pageNumber, pageSize),
        );
      } catch (error) {
        if (!(error instanceof YoucanApiError) || !error.isRateLimited || wait > RATE_LIMIT_WAITS_PER_PAGE)
          throw error;
        const delay = Math.min((error.retryAfterSeconds ?? 2 ** wait) * 1000, LONGEST_RATE_LIMIT_WAIT_MS);
        this.logger.warn({ storeId, pageNumber, delay }, 'YouCan rate limit: waiting');
        await sleep(delay);
      }
    }
  }
}
