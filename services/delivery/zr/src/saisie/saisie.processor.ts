import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { BULK_MAX, OrdersPatterns, type ShippingOrder } from '@tawsil/contracts/orders';
import {
  ZR_SAISIE_JOBS,
  type ParcelsSentJob,
  type ZrSaisieJob,
  type ZrSaisieJobs,
} from '@tawsil/contracts/queues';
import {
  handBackIfStopping,
  JobProcessor,
  RpcCaller,
  runsWorkers,
  SERVICE_ROLE,
  type JobHandlers,
  type ServiceRole,
} from '@tawsil/nest-common';
import { DelayedError, type Job } from 'bullmq';
import { AccountSecrets } from '../accounts/account-secrets';
import { DeliveryAccount } from '../accounts/delivery-account.entity';
import { CARRIER, type Carrier, type ParcelRequest } from '../carrier/carrier';
import { DeliveryZrConfig } from '../config/delivery-zr.config';
import { AccountSlots } from './account-slots';
import { noticeJobId, ParcelAnnouncer } from './parcel-announcer';
import { ParcelClaimsRepository, type ClaimRow, type Outcome } from './parcel-claims.repository';
import { planParcel, type ParcelPlan } from './parcel-plan';
import { ParcelSender } from './parcel-sender';
import { SaisieJob } from './saisie-job.entity';
import { SaisieFailure } from './saisie-failure';
import { SAISIE_ATTEMPTS } from './saisie-queue';

const ORDERS_NOTICE_WAIT_MS = 30_000;
/** How long a saisie waits, delayed in the queue, before asking again for its accounts' slots. */
const SLOT_WAIT_MS = 2_000;

type Sendable = Extract<ParcelPlan, { request: ParcelRequest }>;

/**
 * Runs a bulk saisie: reads the orders, refuses those that cannot be sent (with the reason),
 * claims the rest, sends them in batches per delivery account, records each outcome, and finally
 * tells orders which ones became parcels. Every step can be run again after a crash; a worker
 * that is stopping hands the job back between two batches.
 */
@Processor(ZR_SAISIE_JOBS.queue, {
  lockDuration: 15_000,
  stalledInterval: 5_000,
  maxStalledCount: 10,
})
export class SaisieProcessor extends JobProcessor<ZrSaisieJobs> implements OnApplicationBootstrap {
  private readonly logger = new Logger(SaisieProcessor.name);

  protected readonly handlers: JobHandlers<ZrSaisieJobs> = {
    saisie: (_data, job, token) => this.run(job, token),
  };

  constructor(
    private readonly em: EntityManager,
    private readonly rpc: RpcCaller,
    private readonly claims: ParcelClaimsRepository,
    private readonly sender: ParcelSender,
    private readonly secrets: AccountSecrets,
    private readonly announcer: ParcelAnnouncer,
    private readonly slots: AccountSlots,
    private readonly failure: SaisieFailure,
    @Inject(CARRIER) private readonly carrier: Carrier,
    private readonly config: DeliveryZrConfig,
    @Inject(SERVICE_ROLE) private readonly role: ServiceRole,
  ) {
    super(ZR_SAISIE_JOBS);
  }

  onApplicationBootstrap() {
    // The RPC role adds saisie jobs but runs no worker.
    if (runsWorkers(this.role)) this.worker.concurrency = this.config.SAISIE_CONCURRENCY;
  }

  private async run(
    job: Job<ZrSaisieJob>,
    token: string | undefined,
  ): Promise<{ sent: number; failed: number }> {
    const em = this.em.fork();
    const saisie = await em.findOne(SaisieJob, job.data.saisieId);
    if (!saisie || saisie.state === 'completed' || saisie.state === 'failed') return { sent: 0, failed: 0 };
    const { accountIds: awaited } = job.data;
    if (awaited && !(await this.slots.free(saisie.id, awaited))) return this.waitForSlots(job, token);

    const decided = await this.claims.decidedOrderIds(saisie.id);
    const remaining = saisie.orderIds.filter((orderId) => !decided.has(orderId));
    const orders = await this.readOrders(saisie, remaining);
    const accounts = await em.find(DeliveryAccount, { ownerId: saisie.ownerId });
    const accountNames = new Map(accounts.map((account) => [account.id, account.storeName]));

    const refused: Outcome[] = [];
    const sendable: Sendable[] = [];
    for (const orderId of remaining) {
      const order = orders.get(orderId);
      const plan: ParcelPlan = order
        ? planParcel(order, accountNames)
        : { orderId, reason: 'Order not found: it was deleted, or its store was removed' };
      if ('reason' in plan) refused.push({ orderId, sent: false, reason: plan.reason });
      else sendable.push(plan);
    }

    const release = await this.slots.take(
      saisie.id,
      sendable.map((plan) => plan.accountId),
    );
    if (!release) {
      await job.updateData({ ...job.data, accountIds: [...new Set(sendable.map((plan) => plan.accountId))] });
      return this.waitForSlots(job, token);
    }
    try {
      await em.nativeUpdate(SaisieJob, { id: saisie.id, state: 'queued' }, { state: 'active' });
      await this.claims.record(saisie.id, refused);
      await this.reportProgress(job, saisie);

      for (const batch of this.batches(sendable)) {
        await handBackIfStopping(this.worker, job, token);
        await this.sendBatch(saisie, batch, accounts);
        await this.reportProgress(job, saisie);
      }
    } finally {
      await release();
    }

    const sent = await this.claims.sentBy(saisie.id);
    await this.tellOrders(saisie, sent);
    await em.nativeUpdate(SaisieJob, { id: saisie.id }, { state: 'completed', finishedAt: new Date() });
    const failed = saisie.orderIds.length - sent.length;
    this.logger.log({ saisieId: saisie.id, sent: sent.length, failed }, 'Saisie finished');
    return { sent: sent.length, failed };
  }

  /** Another saisie is sending to one of these accounts: wait in the queue, not as a failure. */
  private async waitForSlots(job: Job<ZrSaisieJob>, token: string | undefined): Promise<never> {
    await job.moveToDelayed(Date.now() + SLOT_WAIT_MS, token);
    throw new DelayedError();
  }

  private async readOrders(saisie: SaisieJob, orderIds: string[]): Promise<Map<string, ShippingOrder>> {
    const actor = {
      userId: saisie.ownerId,
      name: saisie.ownerName,
      type: 'owner' as const,
      storeIds: saisie.storeIds,
    };
    const found = new Map<string, ShippingOrder>();
    for (let start = 0; start < orderIds.length; start += BULK_MAX) {
      const page = await this.rpc.call(
        OrdersPatterns.shippingDetails,
        { orderIds: orderIds.slice(start, start + BULK_MAX) },
        actor,
      );
      for (const order of page) found.set(order._id, order);
    }
    return found;
  }

  /** Batches of one account each, at most the carrier's batch size. */
  private *batches(sendable: Sendable[]): Generator<Sendable[]> {
    const byAccount = new Map<string, Sendable[]>();
    for (const plan of sendable)
      byAccount.set(plan.accountId, [...(byAccount.get(plan.accountId) ?? []), plan]);
    for (const plans of byAccount.values())
      for (let start = 0; start < plans.length; start += this.carrier.batchLimit)
        yield plans.slice(start, start + this.carrier.batchLimit);
  }

  private async sendBatch(saisie: SaisieJob, batch: Sendable[], accounts: DeliveryAccount[]): Promise<void> {
    const claims = await this.claims.claim(
      saisie.id,
      saisie.ownerId,
      batch.map((plan) => ({
        orderId: plan.orderId,
        tracking: plan.request.tracking,
        accountId: plan.accountId,
      })),
    );
    const outcomes: Outcome[] = [];
    const mine = new Map<string, ClaimRow[]>();
    for (const claim of claims) {
      if (claim.job_id !== saisie.id) {
        outcomes.push({
          orderId: claim.order_id,
          sent: false,
          reason:
            claim.state === 'created'
              ? `Already sent to ZR Express (tracking ${claim.tracking})`
              : 'Already being sent by another saisie',
        });
      } else if (claim.state === 'created') {
        outcomes.push({ orderId: claim.order_id, sent: true });
      } else {
        mine.set(claim.account_id, [...(mine.get(claim.account_id) ?? []), claim]);
      }
    }
    const requests = new Map(batch.map((plan) => [plan.orderId, plan.request]));
    for (const [accountId, accountClaims] of mine) {
      const account = accounts.find((candidate) => candidate.id === accountId);
      if (!account) {
        for (const claim of accountClaims)
          outcomes.push({ orderId: claim.order_id, sent: false, reason: 'Its delivery account was removed' });
        continue;
      }
      const results = await this.sender.send(
        this.secrets.open(account),
        accountClaims.map((claim) => requests.get(claim.order_id)!),
        new Set(accountClaims.filter((claim) => !claim.fresh).map((claim) => claim.tracking)),
      );
      for (const claim of accountClaims) {
        const result = results.get(claim.tracking)!;
        outcomes.push(
          result.created
            ? { orderId: claim.order_id, sent: true }
            : { orderId: claim.order_id, sent: false, reason: result.reason },
        );
      }
    }
    await this.claims.record(saisie.id, outcomes);
  }

  private async reportProgress(job: Job, saisie: SaisieJob) {
    const done = (await this.claims.decidedOrderIds(saisie.id)).size;
    await job.updateProgress({ done, total: saisie.orderIds.length });
  }

  /**
   * Orders turn `saisie` through a durable event; the job ends once orders has applied it, or after
   * a wait (the notice stays queued, and the repair sweep checks it was applied).
   */
  private async tellOrders(saisie: SaisieJob, parcels: ParcelsSentJob['parcels']): Promise<void> {
    if (parcels.length === 0) return;
    const notice = await this.announcer.notify(saisie, parcels, noticeJobId(saisie.id));
    if (await this.announcer.applied(notice, ORDERS_NOTICE_WAIT_MS))
      await this.announcer.markAnnounced(parcels.map((parcel) => parcel.tracking));
    else this.logger.warn({ saisieId: saisie.id }, 'Orders has not applied the saisie yet');
  }

  @OnWorkerEvent('failed')
  async onFailed(job: Job<ZrSaisieJob> | undefined, error: Error) {
    if (!job || job.attemptsMade < (job.opts.attempts ?? SAISIE_ATTEMPTS)) return;
    await this.failure.record(job.data.saisieId, error.message);
  }
}
