import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DeliveryZrPatterns, type AccountStatesView } from '@tawsil/contracts/delivery-zr';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite } from '@tawsil/nest-common';
import { AccountStateOwner } from '../account-state-owner';
import { AccountStatesRepository } from '../account-states.repository';
import { toAccountStatesView } from '../state-table.mapper';

/** The owner undoes every change: each state maps to the product's default again. */
@Injectable()
export class ResetAccountStatesUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly owned: AccountStateOwner,
    private readonly states: AccountStatesRepository,
  ) {}

  async execute(actor: Actor, input: { accountId: string }): Promise<AccountStatesView> {
    const account = await this.owned.ownedAccount(actor, input.accountId);
    const request = { accountId: account.id };
    return idempotentWrite(
      this.em,
      { pattern: DeliveryZrPatterns.resetAccountStates, request },
      async (em) => {
        await this.states.reset(em, account.id);
        return toAccountStatesView(account, await this.states.rowsOf(account.id, em));
      },
    );
  }
}
