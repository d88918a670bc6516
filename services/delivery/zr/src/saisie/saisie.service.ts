import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { DeliveryZrPatterns, type SaisieJobView } from '@tawsil/contracts/delivery-zr';
import type { OrderIdsDto } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, requireOwner, ServiceError } from '@tawsil/nest-common';
import { createHash, randomUUID } from 'node:crypto';
import { ParcelClaimsRepository } from './parcel-claims.repository';
import { SaisieJob } from './saisie-job.entity';
import { SaisieQueue } from './saisie-queue';

const WHAT = 'send orders to ZR Express';

/** Starts a bulk saisie and reports on it; the work itself is the SaisieProcessor's. */
@Injectable()
export class SaisieService {
  private readonly logger = new Logger(SaisieService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly queue: SaisieQueue,
    private readonly claims: ParcelClaimsRepository,
  ) {}

  /**
   * A second click on the same selection, while the first runs, answers the same job; a repeat of
   * the same request (its idempotency key) answers the same job even after it ended.
   */
  async start(actor: Actor, input: OrderIdsDto): Promise<{ jobId: string }> {
    const owner = requireOwner(actor, WHAT);
    const orderIds = [...new Set(input.orderIds)].sort();
    const selectionHash = createHash('sha256').update(orderIds.join(',')).digest('hex');
    let queued: string | undefined;
    const answer = await idempotentWrite(
      this.em,
      { pattern: DeliveryZrPatterns.startSaisie, request: { orderIds } },
      async (em) => {
        queued = undefined; // a retried transaction starts over
        const running = await em.findOne(SaisieJob, {
          ownerId: owner.userId,
          selectionHash,
          state: { $in: ['queued', 'active'] },
        });
        if (running) return { jobId: running.id };
        const id = randomUUID();
        // A concurrent start of the same selection waits here on the partial unique index, then fails.
        await em.execute(
          `insert into delivery_zr.saisie_jobs (id, owner_id, owner_name, store_ids, order_ids, selection_hash, state)
           values (?, ?, ?, ?::uuid[], ?::uuid[], ?, 'queued')`,
          [
            id,
            owner.userId,
            owner.name,
            `{${owner.storeIds.join(',')}}`,
            `{${orderIds.join(',')}}`,
            selectionHash,
          ],
        );
        queued = id;
        return { jobId: id };
      },
    ).catch((error: unknown) => {
      // Two starts of one selection at the same moment: the other one's job is the answer.
      if (error instanceof UniqueConstraintViolationException) return this.start(actor, input);
      throw error;
    });
    // Queued after the commit, so the worker finds the row; if Redis refuses it now, SaisieQueue's
    // recovery puts it on the queue within half a minute.
    if (queued)
      await this.queue
        .add(queued)
        .catch((error: unknown) =>
          this.logger.warn({ saisieId: queued, reason: (error as Error).message }, 'Saisie not queued yet'),
        );
    return answer;
  }

  async status(actor: Actor, input: { jobId: string }): Promise<SaisieJobView> {
    const owner = requireOwner(actor, WHAT);
    const saisie = await this.em.fork().findOne(SaisieJob, { id: input.jobId, ownerId: owner.userId });
    if (!saisie) throw ServiceError.notFound('Saisie job not found');
    const outcomes = await this.claims.outcomes(saisie.id);
    return {
      jobId: saisie.id,
      state: saisie.state,
      progress: { done: outcomes.length, total: saisie.orderIds.length },
      successfullOrders: outcomes.filter((outcome) => outcome.sent).map((outcome) => outcome.order_id),
      failedOrders: outcomes
        .filter((outcome) => !outcome.sent)
        .map((outcome) => ({ id: outcome.order_id, reason: outcome.reason ?? 'Not sent' })),
    };
  }
}
