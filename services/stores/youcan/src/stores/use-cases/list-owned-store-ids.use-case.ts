import { Injectable } from '@nestjs/common';
import { StoresRepository } from '../stores.repository';

/** The ids of an owner's stores, oldest first: the gateway's actor for an owner. */
@Injectable()
export class ListOwnedStoreIdsUseCase {
  constructor(private readonly stores: StoresRepository) {}

  execute(input: { ownerId: string }): Promise<string[]> {
    return this.stores.idsOwnedBy(input.ownerId);
  }
}
