import { Injectable } from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';
import { ImportedOrdersRepository } from '../imported-orders.repository';

/** How many orders each store holds: the caller's own stores only, other ids are left out. */
@Injectable()
export class CountOrdersByStoreUseCase {
  constructor(private readonly orders: ImportedOrdersRepository) {}

  execute(caller: Actor, input: { storeIds: string[] }): Promise<Record<string, number>> {
    const allowed = new Set(caller.storeIds);
    return this.orders.countByStore(input.storeIds.filter((id) => allowed.has(id)));
  }
}
