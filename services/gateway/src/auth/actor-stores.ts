import { Injectable } from '@nestjs/common';
import { OrdersPatterns } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { StoresYoucanPatterns } from '@tawsil/contracts/stores-youcan';
import { RpcCaller } from '@tawsil/nest-common/core';

/**
 * The stores an actor reaches, for the calls to identity and delivery/zr that check them, and for
 * the live events: an owner's own stores from stores/youcan, which links them (so a store is
 * there the moment its link completes), a confirmateur's memberships from orders' record of them
 * (docs/store-access.md). Never from the token. Orders fills them in itself on its own requests.
 */
@Injectable()
export class ActorStores {
  constructor(private readonly rpc: RpcCaller) {}

  async withStores(actor: Actor): Promise<Actor> {
    const storeIds =
      actor.type === 'owner'
        ? await this.rpc.call(StoresYoucanPatterns.ownedStoreIds, { ownerId: actor.userId })
        : await this.rpc.call(OrdersPatterns.accessStoreIds, {}, actor);
    return { ...actor, storeIds };
  }
}
