import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DeliveryZrPatterns } from '@tawsil/contracts/delivery-zr';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, requireOwner, ServiceError } from '@tawsil/nest-common';
import { ACCOUNT_NOT_FOUND } from '../account-owners';
import { AccountWebhooks } from '../account-webhooks';
import { DeliveryAccountsRepository } from '../delivery-accounts.repository';

/** The owner removes one of its accounts; orders that chose it are refused at the next saisie. */
@Injectable()
export class RemoveDeliveryAccountUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly accounts: DeliveryAccountsRepository,
    private readonly webhooks: AccountWebhooks,
  ) {}

  async execute(actor: Actor, input: { accountId: string }): Promise<{ deletedId: string }> {
    const owner = requireOwner(actor, 'manage delivery accounts');
    return idempotentWrite(
      this.em,
      { pattern: DeliveryZrPatterns.removeAccount, request: input },
      async (em) => {
        const account = await this.accounts.findOwned(input.accountId, [owner.userId]);
        if (!(await this.accounts.deleteOwned(em, input.accountId, owner.userId)))
          throw ServiceError.notFound(ACCOUNT_NOT_FOUND);
        // Its webhooks would only be refused from now on (404): the endpoint goes too.
        if (account) await this.webhooks.remove(account);
        return { deletedId: input.accountId };
      },
    );
  }
}
