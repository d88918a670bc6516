import { Injectable } from '@nestjs/common';
import type { TariffEntry } from '@tawsil/contracts/delivery-zr';
import type { Actor } from '@tawsil/contracts/rpc';
import { AccountOwners } from '../../accounts/account-owners';
import { AccountTariffs } from '../account-tariffs';

/** The tariff table of an account the caller works with, for the Delivery Information form. */
@Injectable()
export class GetTariffsUseCase {
  constructor(
    private readonly owners: AccountOwners,
    private readonly tariffs: AccountTariffs,
  ) {}

  async execute(caller: Actor, input: { accountId: string }): Promise<TariffEntry[]> {
    return this.tariffs.of(await this.owners.reachableAccount(caller, input.accountId));
  }
}
