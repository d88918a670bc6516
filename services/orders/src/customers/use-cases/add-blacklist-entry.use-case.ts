import { Injectable } from '@nestjs/common';
import { normalizePhone, type AddBlacklistEntryDto, type BlacklistEntryView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireOwner, ServiceError } from '@tawsil/nest-common';
import { CustomersRepository } from '../customers.repository';

/** The owner lists a phone: its orders, in all the owner's stores, show the reason in red. */
@Injectable()
export class AddBlacklistEntryUseCase {
  constructor(private readonly customers: CustomersRepository) {}

  async execute(actor: Actor | undefined, input: AddBlacklistEntryDto): Promise<BlacklistEntryView> {
    const owner = requireOwner(actor, 'change the blacklist');
    const entry = await this.customers.addToBlacklist(
      owner,
      normalizePhone(input.phone),
      input.reason.trim(),
    );
    if (!entry) throw ServiceError.conflict('This phone is already on the blacklist');
    return entry;
  }
}
