import { Injectable } from '@nestjs/common';
import type { BlacklistEntryView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireOwner } from '@tawsil/nest-common';
import { CustomersRepository } from '../customers.repository';

@Injectable()
export class ListBlacklistUseCase {
  constructor(private readonly customers: CustomersRepository) {}

  execute(actor: Actor): Promise<BlacklistEntryView[]> {
    const owner = requireOwner(actor, 'see the blacklist');
    return this.customers.blacklist(owner.userId);
  }
}
