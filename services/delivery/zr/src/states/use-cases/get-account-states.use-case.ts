import { Injectable } from '@nestjs/common';
import type { AccountStatesView } from '@tawsil/contracts/delivery-zr';
import type { Actor } from '@tawsil/contracts/rpc';
import { AccountStateOwner } from '../account-state-owner';
import { AccountStatesRepository } from '../account-states.repository';
import { toAccountStatesView } from '../state-table.mapper';

/** The owner reads an account's state table: each carrier state and the status it moves orders to. */
@Injectable()
export class GetAccountStatesUseCase {
  constructor(
    private readonly owned: AccountStateOwner,
    private readonly states: AccountStatesRepository,
  ) {}

  async execute(actor: Actor, input: { accountId: string }): Promise<AccountStatesView> {
    const account = await this.owned.ownedAccount(actor, input.accountId);
    return toAccountStatesView(account, await this.states.rowsOf(account.id));
  }
}
