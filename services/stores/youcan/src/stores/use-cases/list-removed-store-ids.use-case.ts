import { Injectable } from '@nestjs/common';
import { StoresRepository } from '../stores.repository';

/** Which of the ids name stores that were removed: the other services' repair sweeps ask it. */
@Injectable()
export class ListRemovedStoreIdsUseCase {
  constructor(private readonly stores: StoresRepository) {}

  async execute(input: { storeIds: string[] }): Promise<string[]> {
    const storeIds = input.storeIds ?? [];
    if (storeIds.length === 0) return [];
    return this.stores.removedAmong(storeIds);
  }
}
