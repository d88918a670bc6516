import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { DeliveryZrPatterns } from '@tawsil/contracts/delivery-zr';
import type { OrderIdsDto } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, requireOwner } from '@tawsil/nest-common';
import { createHash, randomUUID } from 'node:crypto';
import { SAISIE_OWNER_ONLY } from '../saisie.mapper';
import { SaisieJobsRepository } from '../saisie-jobs.repository';
import { StoreOwnersRepository } from '../../stores/store-owners.repository';
import { SaisieQueue } from '../saisie-queue';

/**
 * The owner presses Saisie: the saisie is recorded and queued, and its id answered at once; the
 * work is RunSaisieJobUseCase's, in the worker.
 */
@Injectable()
export class StartSaisieUseCase {
  private readonly logger = new Logger(StartSaisieUseCase.name);

  constructor(
    private readonly em: EntityManager,
    private readonly saisies: SaisieJobsRepository,
    private readonly queue: SaisieQueue,
    private readonly storeOwners: StoreOwnersRepository,
  ) {}

  /**
   * A second click on the same selection, while the first runs, answers the same job; a repeat of
   * the same request (its idempotency key) answers the same job even after it ended.
   */
  async execute(actor: Actor, input: OrderIdsDto): Promise<{ jobId: string }> {
    // The owner's stores from delivery/zr's own record: starting asks no other service.
    const owner = {
      ...requireOwner(actor, SAISIE_OWNER_ONLY),
      storeIds: await this.storeOwners.storeIdsOf(actor.userId),
    };
    const orderIds = [...new Set(input.orderIds)].sort();
    const selectionHash = createHash('sha256').update(orderIds.join(',')).digest('hex');
    let queued: string | undefined;
    const answer = await idempotentWrite(
      this.em,
      { pattern: DeliveryZrPatterns.startSaisie, request: { orderIds } },
      async (em) => {
        queued = undefined; // a retried transaction starts over
        const running = await this.saisies.findRunning(em, owner.userId, selectionHash);
        if (running) return { jobId: running.id };
        const id = randomUUID();
        await this.saisies.insertQueued(em, { id, owner, orderIds, selectionHash });
        queued = id;
        return { jobId: id };
      },
    ).catch((error: unknown) => {
      // Two starts of one selection at the same moment: the other one's job is the answer.
      if (error instanceof UniqueConstraintViolationException) return this.execute(actor, input);
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
}
