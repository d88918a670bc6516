import { Injectable } from '@nestjs/common';
import { IdentityPatterns } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { StoresYoucanPatterns } from '@tawsil/contracts/stores-youcan';
import { RpcCaller } from '@tawsil/nest-common';

/**
 * The stores an actor reaches, asked of their owners at each call (never trusted from the token,
 * so a removed store or membership stops working at once): an owner's own stores, a
 * confirmateur's memberships.
 */
@Injectable()
export class ActorStores {
  constructor(private readonly rpc: RpcCaller) {}

  async withStores(actor: Actor): Promise<Actor> {
    const storeIds =
      actor.type === 'owner'
        ? await this.rpc.call(StoresYoucanPatterns.ownedStoreIds, { ownerId: actor.userId })
        : await this.rpc.call(IdentityPatterns.memberStoreIds, { confirmateurId: actor.userId });
    return { ...actor, storeIds };
  }
}
