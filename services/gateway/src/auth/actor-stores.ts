import { Injectable } from '@nestjs/common';
import { IdentityPatterns } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { StoresYoucanPatterns } from '@tawsil/contracts/stores-youcan';
import { RpcCaller } from '@tawsil/nest-common/core';

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
        : await this.existing(
            await this.rpc.call(IdentityPatterns.memberStoreIds, { confirmateurId: actor.userId }),
          );
    return { ...actor, storeIds };
  }

  /**
   * Memberships outlive their store until identity hears of the removal (or its repair sweep
   * runs): only stores that still exist are granted.
   */
  private async existing(storeIds: string[]): Promise<string[]> {
    if (storeIds.length === 0) return [];
    const owners = await this.rpc.call(StoresYoucanPatterns.ownersOf, { storeIds });
    return storeIds.filter((storeId) => storeId in owners);
  }
}
