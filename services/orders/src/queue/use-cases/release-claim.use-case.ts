import { Injectable } from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';
import { claimConflict } from '../../orders/claim-conflict';
import { ORDER_NOT_FOUND } from '../../orders/order-access';
import { ClaimsRepository } from '../claims.repository';

/** Ends the caller's claim; the owner may end anyone's. Releasing an unclaimed order is harmless. */
@Injectable()
export class ReleaseClaimUseCase {
  constructor(private readonly claims: ClaimsRepository) {}

  async execute(caller: Actor, input: { orderId: string }): Promise<{ released: true }> {
    const outcome = await this.claims.release(input.orderId, caller.storeIds, {
      userId: caller.userId,
      isOwner: caller.type === 'owner',
    });
    if (!outcome.found) throw ServiceError.notFound(ORDER_NOT_FOUND);
    if (outcome.heldBy) throw claimConflict(outcome.heldBy.claimedByName ?? 'Another agent');
    return { released: true };
  }
}
