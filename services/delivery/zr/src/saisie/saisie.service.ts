import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { SaisieJobView } from '@tawsil/contracts/delivery-zr';
import type { OrderIdsDto } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireOwner, ServiceError } from '@tawsil/nest-common';
import { createHash, randomUUID } from 'node:crypto';
import { ParcelClaimsRepository } from './parcel-claims.repository';
import { SaisieJob } from './saisie-job.entity';
import { SaisieQueue } from './saisie-queue';

const WHAT = 'send orders to ZR Express';

/** Starts a bulk saisie and reports on it; the work itself is the SaisieProcessor's. */
@Injectable()
export class SaisieService {
  constructor(
    private readonly em: EntityManager,
    private readonly queue: SaisieQueue,
    private readonly claims: ParcelClaimsRepository,
  ) {}

  /** A second click on the same selection, while the first runs, answers the same job. */
  async start(actor: Actor | undefined, input: OrderIdsDto): Promise<{ jobId: string }> {
    const owner = requireOwner(actor, WHAT);
    const orderIds = [...new Set(input.orderIds)].sort();
    const selectionHash = createHash('sha256').update(orderIds.join(',')).digest('hex');
    const id = randomUUID();
    const [created] = await this.em.fork().execute<{ id: string }[]>(
      `insert into delivery_zr.saisie_jobs (id, owner_id, owner_name, store_ids, order_ids, selection_hash, state)
       values (?, ?, ?, ?::uuid[], ?::uuid[], ?, 'queued')
       on conflict (owner_id, selection_hash) where state in ('queued', 'active') do nothing
       returning id`,
      [
        id,
        owner.userId,
        owner.name,
        `{${owner.storeIds.join(',')}}`,
        `{${orderIds.join(',')}}`,
        selectionHash,
      ],
    );
    if (!created) {
      const running = await this.em
        .fork()
        .findOne(SaisieJob, { ownerId: owner.userId, selectionHash, state: { $in: ['queued', 'active'] } });
      if (running) return { jobId: running.id };
      return this.start(actor, input); // it ended between the two statements
    }
    try {
      await this.queue.add(id);
    } catch (error) {
      await this.em.fork().nativeDelete(SaisieJob, { id });
      throw error;
    }
    return { jobId: id };
  }

  async status(actor: Actor | undefined, input: { jobId: string }): Promise<SaisieJobView> {
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
