import { Injectable, Logger } from '@nestjs/common';
import { RepairSweeps } from '@tawsil/contracts/queues';
import { StoresYoucanPatterns } from '@tawsil/contracts/stores-youcan';
import { countRepaired, RpcCaller } from '@tawsil/nest-common';
import { ImportedOrdersRepository } from '../imported-orders.repository';

/**
 * Deletes the orders of stores that stores/youcan has recorded as removed, for when the
 * store-removed job failed or was lost. Only a recorded removal counts: a store that is merely
 * unknown (another database, a restore) keeps its orders.
 */
@Injectable()
export class SweepRemovedStoreOrdersUseCase {
  private readonly logger = new Logger(SweepRemovedStoreOrdersUseCase.name);

  constructor(
    private readonly rpc: RpcCaller,
    private readonly orders: ImportedOrdersRepository,
  ) {}

  async execute(): Promise<{ stores: number; orders: number }> {
    const held = await this.orders.heldStoreIds();
    if (held.length === 0) return { stores: 0, orders: 0 };
    const removed = await this.rpc.call(StoresYoucanPatterns.removedStoreIds, { storeIds: held });
    let orders = 0;
    for (const storeId of removed) {
      const deleted = await this.orders.removeStore(storeId);
      orders += deleted;
      this.logger.warn({ storeId, deleted }, 'Orders of a removed store deleted by the repair sweep');
    }
    countRepaired(RepairSweeps.removedStoreOrders, orders);
    return { stores: removed.length, orders };
  }
}
