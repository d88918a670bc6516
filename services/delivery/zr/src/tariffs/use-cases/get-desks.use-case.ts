import { Injectable } from '@nestjs/common';
import type { StopDeskEntry } from '@tawsil/contracts/delivery-zr';
import type { Actor } from '@tawsil/contracts/rpc';
import { AccountOwners } from '../../accounts/account-owners';
import { AccountDesks } from '../account-desks';

/** The stop desks of an account the caller works with, for the Delivery Information form. */
@Injectable()
export class GetDesksUseCase {
  constructor(
    private readonly owners: AccountOwners,
    private readonly desks: AccountDesks,
  ) {}

  async execute(caller: Actor, input: { accountId: string }): Promise<StopDeskEntry[]> {
    return this.desks.of(await this.owners.reachableAccount(caller, input.accountId));
  }
}
