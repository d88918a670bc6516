import { Injectable } from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';
import { StoresYoucanPatterns } from '@tawsil/contracts/stores-youcan';
import { RpcCaller } from '@tawsil/nest-common';

/** Whose delivery accounts a caller may use: an owner its own, an agent those of the stores' owners. */
@Injectable()
export class AccountOwners {
  constructor(private readonly rpc: RpcCaller) {}

  async reachableBy(actor: Actor): Promise<string[]> {
    if (actor.type === 'owner') return [actor.userId];
    if (actor.storeIds.length === 0) return [];
    const owners = await this.rpc.call(StoresYoucanPatterns.ownersOf, { storeIds: actor.storeIds });
    return [...new Set(Object.values(owners))];
  }

  async ownerOfStore(storeId: string): Promise<string | undefined> {
    const owners = await this.rpc.call(StoresYoucanPatterns.ownersOf, { storeIds: [storeId] });
    return owners[storeId];
  }
}
