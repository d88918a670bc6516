import { Injectable } from '@nestjs/common';
import { StoresRepository } from '../stores.repository';

/** The owner of each store among the ids, by store id; unknown ids are left out. */
@Injectable()
export class GetStoreOwnersUseCase {
  constructor(private readonly stores: StoresRepository) {}

  async execute(input: { storeIds: string[] }): Promise<Record<string, string>> {
    const storeIds = input.storeIds ?? [];
    if (storeIds.length === 0) return {};
    const stores = await this.stores.ownersOf(storeIds);
    return Object.fromEntries(stores.map((store) => [store.id, store.ownerId]));
  }
}
