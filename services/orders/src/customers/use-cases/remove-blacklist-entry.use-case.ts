import { Injectable } from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireOwner, ServiceError } from '@tawsil/nest-common';
import { CustomersRepository } from '../customers.repository';

@Injectable()
export class RemoveBlacklistEntryUseCase {
  constructor(private readonly customers: CustomersRepository) {}

  async execute(actor: Actor, input: { entryId: string }): Promise<{ deletedId: string }> {
    const owner = requireOwner(actor, 'change the blacklist');
    if (!(await this.customers.removeFromBlacklist(owner.userId, input.entryId)))
      throw ServiceError.notFound('Blacklist entry not found');
    return { deletedId: input.entryId };
  }
}
