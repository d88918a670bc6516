import { Injectable } from '@nestjs/common';
import type { SaisieJobView } from '@tawsil/contracts/delivery-zr';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireOwner, ServiceError } from '@tawsil/nest-common';
import { ParcelClaimsRepository } from '../parcel-claims.repository';
import { SAISIE_OWNER_ONLY, toSaisieJobView } from '../saisie.mapper';
import { SaisieJobsRepository } from '../saisie-jobs.repository';

/** The progress and outcomes of one of the owner's saisies (the screen polls it). */
@Injectable()
export class GetSaisieStatusUseCase {
  constructor(
    private readonly saisies: SaisieJobsRepository,
    private readonly claims: ParcelClaimsRepository,
  ) {}

  async execute(actor: Actor, input: { jobId: string }): Promise<SaisieJobView> {
    const owner = requireOwner(actor, SAISIE_OWNER_ONLY);
    const saisie = await this.saisies.findOwned(input.jobId, owner.userId);
    if (!saisie) throw ServiceError.notFound('Saisie job not found');
    return toSaisieJobView(saisie, await this.claims.outcomes(saisie.id, owner.userId));
  }
}
