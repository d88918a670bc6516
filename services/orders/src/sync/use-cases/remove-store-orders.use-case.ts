import { Injectable, Logger } from '@nestjs/common';
import { AccessAnnouncer } from '../../access/access-announcer';
import { ImportedOrdersRepository } from '../imported-orders.repository';

/** A removed store's orders are deleted, and kept from coming back. */
@Injectable()
export class RemoveStoreOrdersUseCase {
  private readonly logger = new Logger(RemoveStoreOrdersUseCase.name);

  constructor(
    private readonly orders: ImportedOrdersRepository,
    private readonly announcer: AccessAnnouncer,
  ) {}

  async execute({ storeId }: { storeId: string }): Promise<{ removed: number }> {
    const removed = await this.orders.removeStore(storeId);
    this.logger.log({ storeId, removed }, 'Orders of a removed store deleted');
    // This job may mark the store removed before the orders-access one does (which then changes
    // nothing, and announces nothing): the live streams hear of it either way.
    await this.announcer.announce([{ store: storeId }]);
    return { removed };
  }
}
