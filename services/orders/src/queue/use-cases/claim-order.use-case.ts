import { Injectable } from '@nestjs/common';
import type { ClaimOrderDto, ClaimView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';
import { claimConflict } from '../../orders/claim-conflict';
import { ORDER_NOT_FOUND } from '../../orders/order-access';
import { ClaimsRepository } from '../claims.repository';

/** Opening an order claims it for the store's claim duration; asking again renews it. */
@Injectable()
export class ClaimOrderUseCase {
  constructor(private readonly claims: ClaimsRepository) {}

  async execute(caller: Actor, input: ClaimOrderDto & { orderId: string }): Promise<ClaimView> {
    const takeover = input.takeover === true;
    if (takeover && caller.type !== 'owner')
      throw ServiceError.forbidden("Only the store's owner can take over an order another agent is on");
    const claim = await this.claims.claim(input.orderId, caller.storeIds, caller, takeover);
    if (!claim) throw ServiceError.notFound(ORDER_NOT_FOUND);
    if (claim.claimedById !== caller.userId || !claim.claimedUntil)
      throw claimConflict(claim.claimedByName ?? 'Another agent');
    return { userId: caller.userId, name: caller.name, until: claim.claimedUntil.toISOString() };
  }
}
