import { Injectable } from '@nestjs/common';
import type { DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireOwner } from '@tawsil/nest-common';
import { toAccountView } from '../account.mapper';
import { DeliveryAccountsRepository } from '../delivery-accounts.repository';

/** The owner's ZR Express accounts, as the Delivery company screen lists them. */
@Injectable()
export class ListDeliveryAccountsUseCase {
  constructor(private readonly accounts: DeliveryAccountsRepository) {}

  async execute(actor: Actor): Promise<DeliveryAccountView[]> {
    const owner = requireOwner(actor, 'manage delivery accounts');
    return (await this.accounts.listByOwner(owner.userId)).map(toAccountView);
  }
}
