import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  CustomersPatterns,
  normalizePhone,
  type AddBlacklistEntryDto,
  type BlacklistEntryView,
} from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, requireOwner, ServiceError } from '@tawsil/nest-common';
import { CustomersRepository } from '../customers.repository';

/** The owner lists a phone: its orders, in all the owner's stores, show the reason in red. */
@Injectable()
export class AddBlacklistEntryUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly customers: CustomersRepository,
  ) {}

  async execute(actor: Actor, input: AddBlacklistEntryDto): Promise<BlacklistEntryView> {
    const owner = requireOwner(actor, 'change the blacklist');
    return idempotentWrite(
      this.em,
      { pattern: CustomersPatterns.addToBlacklist, request: input },
      async (em) => {
        const phone = normalizePhone(input.phone);
        const entry = await this.customers.addToBlacklist(owner, phone, input.reason.trim(), em);
        if (!entry) throw ServiceError.conflict('This phone is already on the blacklist');
        return entry;
      },
    );
  }
}
