import { Injectable, Logger } from '@nestjs/common';
import { ParcelClaimsRepository } from '../parcel-claims.repository';
import { SaisieJobsRepository } from '../saisie-jobs.repository';

/** Ends a saisie as failed: the orders not decided yet are recorded as not sent, with the reason. */
@Injectable()
export class RecordSaisieFailureUseCase {
  private readonly logger = new Logger(RecordSaisieFailureUseCase.name);

  constructor(
    private readonly saisies: SaisieJobsRepository,
    private readonly claims: ParcelClaimsRepository,
  ) {}

  async execute(saisieId: string, reason: string): Promise<void> {
    this.logger.error({ saisieId, reason }, 'Saisie failed');
    const saisie = await this.saisies.find(saisieId);
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
    await this.saisies.markFailed(saisie.id, reason);
  }
}
