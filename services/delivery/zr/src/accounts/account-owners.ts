import { Injectable } from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';
import { StoreOwnersRepository } from '../stores/store-owners.repository';
import type { DeliveryAccount } from './delivery-account.entity';
import { DeliveryAccountsRepository } from './delivery-accounts.repository';

export const ACCOUNT_NOT_FOUND = 'Delivery account not found';

/** Whose delivery accounts a caller may use: an owner its own, an agent those of the stores' owners. */
@Injectable()
export class AccountOwners {
  constructor(
    private readonly storeOwners: StoreOwnersRepository,
    private readonly accounts: DeliveryAccountsRepository,
  ) {}

  async reachableBy(actor: Actor): Promise<string[]> {
    if (actor.type === 'owner') return [actor.userId];
    const owners = await this.storeOwners.ownersOf(actor.storeIds);
    return [...new Set(Object.values(owners))];
  }

  async ownerOfStore(storeId: string): Promise<string | undefined> {
    const owners = await this.storeOwners.ownersOf([storeId]);
    return owners[storeId];
  }

  /** An account the caller works with: its own, or its stores' owners'; 404 otherwise. */
  async reachableAccount(caller: Actor, accountId: string): Promise<DeliveryAccount> {
    const account = await this.accounts.findOwned(accountId, await this.reachableBy(caller));
    if (!account) throw ServiceError.notFound(ACCOUNT_NOT_FOUND);
    return account;
  }
}
