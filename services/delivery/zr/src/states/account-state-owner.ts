import { Injectable } from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireOwner, ServiceError } from '@tawsil/nest-common';
import { ACCOUNT_NOT_FOUND } from '../accounts/account-owners';
import { AccountSecrets } from '../accounts/account-secrets';
import type { DeliveryAccount } from '../accounts/delivery-account.entity';
import { DeliveryAccountsRepository } from '../accounts/delivery-accounts.repository';
import { StateTables } from './state-tables';

/**
 * The owner's own account, with its state table loaded (an account added before state tables gets
 * its table here); another owner's or a confirmateur's request is refused as for any account.
 */
@Injectable()
export class AccountStateOwner {
  constructor(
    private readonly accounts: DeliveryAccountsRepository,
    private readonly secrets: AccountSecrets,
    private readonly tables: StateTables,
  ) {}

  async ownedAccount(actor: Actor, accountId: string): Promise<DeliveryAccount> {
    const owner = requireOwner(actor, 'manage delivery accounts');
    const account = await this.accounts.findOwned(accountId, [owner.userId]);
    if (!account) throw ServiceError.notFound(ACCOUNT_NOT_FOUND);
    if (!(await this.tables.loadIfNeeded(account, this.secrets.open(account)))) return account;
    const loaded = await this.accounts.findOwned(accountId, [owner.userId]);
    if (!loaded) throw ServiceError.notFound(ACCOUNT_NOT_FOUND);
    return loaded;
  }
}
