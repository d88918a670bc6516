import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { ParcelClaimsRepository } from './parcel-claims.repository';
import { SaisieJob } from './saisie-job.entity';

/** Ends a saisie as failed: the orders not decided yet are recorded as not sent, with the reason. */
@Injectable()
export class SaisieFailure {
  private readonly logger = new Logger(SaisieFailure.name);

  constructor(
    private readonly em: EntityManager,
    private readonly claims: ParcelClaimsRepository,
  ) {}

  async record(saisieId: string, reason: string): Promise<void> {
    this.logger.error({ saisieId, reason }, 'Saisie failed');
    const em = this.em.fork();
    const saisie = await em.findOne(SaisieJob, saisieId);
    if (!saisie) return;
    const decided = await this.claims.decidedOrderIds(saisie.id);
    // Claims stay `sending`: the carrier may hold those parcels, and the next saisie reads them back.
    await this.claims.record(
      saisie.id,
      saisie.orderIds
        .filter((orderId) => !decided.has(orderId))
        .map((orderId) => ({ orderId, sent: false, reason: `Saisie stopped: ${reason}` })),
      { settleClaims: false },
    );
    await em.nativeUpdate(
      SaisieJob,
      { id: saisie.id, state: { $in: ['queued', 'active'] } },
      { state: 'failed', error: reason, finishedAt: new Date() },
    );
  }
}
