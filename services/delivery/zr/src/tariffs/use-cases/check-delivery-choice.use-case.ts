import { Injectable } from '@nestjs/common';
import type { DeliveryAccountRef, DeliveryChoiceCheck } from '@tawsil/contracts/delivery-zr';
import { ServiceError } from '@tawsil/nest-common';
import { AccountOwners } from '../../accounts/account-owners';
import { toAccountRef } from '../../accounts/account.mapper';
import { DeliveryAccountsRepository } from '../../accounts/delivery-accounts.repository';
import { AccountTariffs } from '../account-tariffs';

/**
 * Before orders saves a delivery choice: the account must be the store owner's, and its tariffs
 * must offer the delivery type in the wilaya (when ZR cannot be asked, the choice is let through;
 * saisie will hear ZR's own answer).
 */
@Injectable()
export class CheckDeliveryChoiceUseCase {
  constructor(
    private readonly owners: AccountOwners,
    private readonly accounts: DeliveryAccountsRepository,
    private readonly tariffs: AccountTariffs,
  ) {}

  async execute(input: DeliveryChoiceCheck): Promise<DeliveryAccountRef> {
    const ownerId = await this.owners.ownerOfStore(input.storeId);
    const account = ownerId ? await this.accounts.findOwned(input.accountId, [ownerId]) : null;
    if (!account)
      throw ServiceError.badRequest("deliveryAccount is not one of this store owner's delivery accounts");
    const entries = await this.tariffs.of(account).catch(() => []);
    const tariff = entries.find((entry) => entry.IDWilaya === input.wilaya);
    if (tariff && input.isStopDesk && tariff.Stopdesk === '0')
      throw ServiceError.badRequest('Stop Desk not available for this wilaya');
    if (tariff && !input.isStopDesk && tariff.Domicile === '0')
      throw ServiceError.badRequest('Domicile not available for this wilaya');
    return toAccountRef(account);
  }
}
