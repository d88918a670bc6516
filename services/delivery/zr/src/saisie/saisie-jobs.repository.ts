import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';
import { SaisieJob } from './saisie-job.entity';

/** `delivery_zr.saisie_jobs`: who asked for which orders, and how far each saisie is. */
@Injectable()
export class SaisieJobsRepository {
  constructor(private readonly em: EntityManager) {}

  find(saisieId: string): Promise<SaisieJob | null> {
    return this.em.fork().findOne(SaisieJob, saisieId);
  }

  findOwned(saisieId: string, ownerId: string): Promise<SaisieJob | null> {
    return this.em.fork().findOne(SaisieJob, { id: saisieId, ownerId });
  }

  /** The owner's saisie of this selection still queued or running, in the caller's transaction. */
  findRunning(em: EntityManager, ownerId: string, selectionHash: string): Promise<SaisieJob | null> {
    return em.findOne(SaisieJob, { ownerId, selectionHash, state: { $in: ['queued', 'active'] } });
  }

  /**
   * Records a queued saisie in the caller's transaction. A concurrent insert of the same owner's
   * selection waits here on the partial unique index, then fails.
   */
  async insertQueued(
    em: EntityManager,
    saisie: { id: string; owner: Actor; orderIds: string[]; selectionHash: string },
  ): Promise<void> {
    await em.execute(
      `insert into delivery_zr.saisie_jobs (id, owner_id, owner_name, store_ids, order_ids, selection_hash, state)
       values (?, ?, ?, ?::uuid[], ?::uuid[], ?, 'queued')`,
      [
        saisie.id,
        saisie.owner.userId,
        saisie.owner.name,
        `{${saisie.owner.storeIds.join(',')}}`,
        `{${saisie.orderIds.join(',')}}`,
        saisie.selectionHash,
      ],
    );
  }

  /** The ids of saisies still queued or running (at most `limit`). */
  async openIds(limit: number): Promise<string[]> {
    const open = await this.em
      .fork()
      .find(SaisieJob, { state: { $in: ['queued', 'active'] } }, { fields: ['id'], limit });
    return open.map((saisie) => saisie.id);
  }

  async markActive(saisieId: string): Promise<void> {
    await this.em.fork().nativeUpdate(SaisieJob, { id: saisieId, state: 'queued' }, { state: 'active' });
  }

  async markCompleted(saisieId: string): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(SaisieJob, { id: saisieId }, { state: 'completed', finishedAt: new Date() });
  }

  /** Ends an open saisie as failed; one already ended keeps its state. */
  async markFailed(saisieId: string, reason: string): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(
        SaisieJob,
        { id: saisieId, state: { $in: ['queued', 'active'] } },
        { state: 'failed', error: reason, finishedAt: new Date() },
      );
  }
}
