import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { YOUCAN_IMPORT_JOBS, type YoucanImportJob, type YoucanImportJobs } from '@tawsil/contracts/queues';
import { handBackIfStopping, JobProcessor, type JobHandlers } from '@tawsil/nest-common';
import type { Job } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import { StoresYoucanConfig } from '../config/stores-youcan.config';
import { Store } from '../stores/store.entity';
import { StoreTokens } from '../stores/store-tokens';
import { YoucanApiError } from '../youcan/youcan-api.error';
import { YoucanClient } from '../youcan/youcan.client';
import type { YoucanOrdersPage } from '../youcan/youcan.types';
import { IMPORT_ATTEMPTS } from './import-queue';
import { OrdersSyncPublisher } from './orders-sync.publisher';
import { RefusedOrders } from './refused-orders';

const LONGEST_RATE_LIMIT_WAIT_MS = 60_000;
const RATE_LIMIT_WAITS_PER_PAGE = 20;

/**
 * Reads every order of a newly linked store, page by page. Progress is saved in the store row
 * after each page, so a restarted import resumes where it stopped; a page read twice is harmless
 * because orders are upserted by their YouCan id. A worker that is stopping hands the job back
 * between two pages.
 */
@Processor(YOUCAN_IMPORT_JOBS.queue, { concurrency: 2, lockDuration: 10_000, stalledInterval: 5_000 })
export class ImportProcessor extends JobProcessor<YoucanImportJobs> {
  private readonly logger = new Logger(ImportProcessor.name);

  protected readonly handlers: JobHandlers<YoucanImportJobs> = {
    import: (_data, job, token) => this.import(job, token),
  };

  constructor(
    private readonly em: EntityManager,
    private readonly youcan: YoucanClient,
    private readonly tokens: StoreTokens,
    private readonly publisher: OrdersSyncPublisher,
    private readonly config: StoresYoucanConfig,
    private readonly refusals: RefusedOrders,
  ) {
    super(YOUCAN_IMPORT_JOBS);
  }

  private async import(
    job: Job<YoucanImportJob>,
    token: string | undefined,
  ): Promise<{ imported: number } | { stopped: string }> {
    const { storeId } = job.data;
    const pageSize = this.config.YOUCAN_IMPORT_PAGE_SIZE;
    for (;;) {
      await handBackIfStopping(this.worker, job, token);
      const em = this.em.fork();
      const store = await em.findOne(Store, storeId);
      if (!store) return { stopped: 'the store was removed' };
      if (store.syncState !== 'importing') return { stopped: `the store is ${store.syncState}` };

      let page: YoucanOrdersPage;
      try {
        page = await this.readPage(storeId, store.nextPage, pageSize);
      } catch (error) {
        if (error instanceof YoucanApiError && !error.isTransient) {
          await this.fail(storeId, error.detail);
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
      await job.updateProgress({ imported: store.imported, total: store.total });
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

  @OnWorkerEvent('failed')
  async onFailed(job: Job<YoucanImportJob> | undefined, error: Error) {
    if (!job || job.attemptsMade < (job.opts.attempts ?? IMPORT_ATTEMPTS)) return;
    await this.fail(job.data.storeId, error.message);
  }

  private async fail(storeId: string, reason: string) {
    this.logger.error({ storeId, reason }, 'Store import failed');
    await this.em
      .fork()
      .nativeUpdate(
        Store,
        { id: storeId, syncState: 'importing' },
        { syncState: 'failed', lastError: reason },
      );
  }
}
