import { Injectable } from '@nestjs/common';
import type { DeliveryChoiceCheck, DeliveryChoiceChecked } from '@tawsil/contracts/delivery-zr';
import { wilayaByCode } from '@tawsil/geo-dz';
import { ServiceError } from '@tawsil/nest-common';
import { AccountOwners } from '../../accounts/account-owners';
import { toAccountRef } from '../../accounts/account.mapper';
import type { DeliveryAccount } from '../../accounts/delivery-account.entity';
import { DeliveryAccountsRepository } from '../../accounts/delivery-accounts.repository';
import { findDesk } from '../../carrier/desk-names';
import { AccountDesks } from '../account-desks';
import { AccountTariffs } from '../account-tariffs';

/**
 * Before orders saves a delivery choice: the account must be the store owner's, its tariffs must
 * offer the delivery type in the wilaya (when the carrier cannot be asked, the choice is let
 * through; saisie will hear the carrier's own answer), and a stop desk must be one of the
 * account's desks there, answered in the carrier's own name (the one saisie sends). Desks are
 * needed to say which: with neither the carrier nor a kept list, the choice waits (502).
 */
@Injectable()
export class CheckDeliveryChoiceUseCase {
  constructor(
    private readonly owners: AccountOwners,
    private readonly accounts: DeliveryAccountsRepository,
    private readonly tariffs: AccountTariffs,
    private readonly desks: AccountDesks,
  ) {}

  async execute(input: DeliveryChoiceCheck): Promise<DeliveryChoiceChecked> {
    const ownerId = await this.owners.ownerOfStore(input.storeId);
    const account = ownerId ? await this.accounts.findOwned(input.accountId, [ownerId]) : null;
    if (!account)
      throw ServiceError.badRequest("deliveryAccount is not one of this store owner's delivery accounts");
    const desk = input.isStopDesk && input.desk !== undefined ? await this.deskOf(account, input) : undefined;
    const entries = await this.tariffs.of(account).catch(() => []);
    const tariff = entries.find((entry) => entry.IDWilaya === input.wilaya);
    if (tariff && input.isStopDesk && tariff.Stopdesk === '0')
      throw ServiceError.badRequest('Stop Desk not available for this wilaya');
    if (tariff && !input.isStopDesk && tariff.Domicile === '0')
      throw ServiceError.badRequest('Domicile not available for this wilaya');
    return { deliveryAccount: toAccountRef(account), ...(desk ? { desk } : {}) };
  }

  /** The desk's name at the account's carrier; 400 naming it when the carrier has no such desk there. */
  private async deskOf(account: DeliveryAccount, input: DeliveryChoiceCheck): Promise<string> {
    const given = input.desk!.trim();
    const desk = findDesk(await this.desks.of(account), input.wilaya, given);
    if (desk) return desk.name;
    const wilaya = wilayaByCode(input.wilaya)?.name ?? `wilaya ${input.wilaya}`;
    // The words orders used when desks were one list for every carrier (orders.desk_unknown).
    throw ServiceError.badRequest(`desk "${given}" is not a stop desk of ${wilaya}`);
  }
}
