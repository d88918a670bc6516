import { Injectable, Logger } from '@nestjs/common';
import type { ParcelsSentJob } from '@tawsil/contracts/queues';
import { AccountSlots } from '../account-slots';
import { noticeJobId, ParcelAnnouncer } from '../parcel-announcer';
import { ParcelBatchSender } from '../parcel-batch-sender';
import { ParcelClaimsRepository } from '../parcel-claims.repository';
import { ParcelPlanner } from '../parcel-planner';
import type { SaisieJob } from '../saisie-job.entity';
import { SaisieJobsRepository } from '../saisie-jobs.repository';

const ORDERS_NOTICE_WAIT_MS = 30_000;

/** What a saisie needs of the queue job running it; SaisieProcessor answers it with BullMQ. */
export interface SaisieRun {
  readonly saisieId: string;
  /** The accounts an earlier try found busy: they are asked for again before the orders are read. */
  readonly awaitedAccountIds?: string[];
  reportProgress(progress: { done: number; total: number }): Promise<void>;
  /** Ends this try: the job waits a moment in the queue (remembering `accountIds` when given). */
  waitForSlots(accountIds?: string[]): Promise<never>;
  /** Ends this try when the worker is stopping: the job goes back to the queue. */
  handBackIfStopping(): Promise<void>;
}

/**
 * Runs a bulk saisie: reads the orders, refuses those that cannot be sent (with the reason),
 * claims the rest, sends them in batches per delivery account, records each outcome, and finally
 * tells orders which ones became parcels. Every step can be run again after a crash; a worker
 * that is stopping hands the job back between two batches.
 */
@Injectable()
export class RunSaisieJobUseCase {
  private readonly logger = new Logger(RunSaisieJobUseCase.name);

  constructor(
    private readonly saisies: SaisieJobsRepository,
    private readonly claims: ParcelClaimsRepository,
    private readonly planner: ParcelPlanner,
    private readonly slots: AccountSlots,
    private readonly batchSender: ParcelBatchSender,
    private readonly announcer: ParcelAnnouncer,
  ) {}

  async execute(run: SaisieRun): Promise<{ sent: number; failed: number }> {
    const saisie = await this.saisies.find(run.saisieId);
    if (!saisie || saisie.state === 'completed' || saisie.state === 'failed') return { sent: 0, failed: 0 };
    const awaited = run.awaitedAccountIds;
    if (awaited && !(await this.slots.free(saisie.id, awaited))) return run.waitForSlots();

    const decided = await this.claims.decidedOrderIds(saisie.id);
    const remaining = saisie.orderIds.filter((orderId) => !decided.has(orderId));
    const { refused, sendable, accounts } = await this.planner.plan(saisie, remaining);

    const accountIds = sendable.map((plan) => plan.accountId);
    const release = await this.slots.take(saisie.id, accountIds);
    if (!release) return run.waitForSlots([...new Set(accountIds)]);
    try {
      await this.saisies.markActive(saisie.id);
      await this.claims.record(saisie.id, refused);
      await this.reportProgress(run, saisie);

      for (const batch of this.batchSender.batches(sendable, accounts)) {
        await run.handBackIfStopping();
        await this.batchSender.send(saisie, batch, accounts);
        await this.reportProgress(run, saisie);
      }
    } finally {
      await release();
    }

    const sent = await this.claims.sentBy(saisie.id);
    await this.tellOrders(saisie, sent);
    await this.saisies.markCompleted(saisie.id);
    const failed = saisie.orderIds.length - sent.length;
    this.logger.log({ saisieId: saisie.id, sent: sent.length, failed }, 'Saisie finished');
    return { sent: sent.length, failed };
  }

  private async reportProgress(run: SaisieRun, saisie: SaisieJob) {
    const done = (await this.claims.decidedOrderIds(saisie.id)).size;
    await run.reportProgress({ done, total: saisie.orderIds.length });
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
}
