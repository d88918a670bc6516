import { Injectable } from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';
import type { StoreSummaryDto } from '@tawsil/contracts/stores-youcan';
import { requireOwner } from '@tawsil/nest-common';
import { toStoreSummary } from '../store.mapper';
import { StoresRepository } from '../stores.repository';

/** The owner's stores, oldest first, each with the state of its import. */
@Injectable()
export class ListStoresUseCase {
  constructor(private readonly stores: StoresRepository) {}

  async execute(actor: Actor): Promise<StoreSummaryDto[]> {
    const owner = requireOwner(actor, 'manage stores');
    const stores = await this.stores.ownedBy(owner.userId);
    return stores.map(toStoreSummary);
  }
}
