import { Injectable, Logger } from '@nestjs/common';
import { ImportedOrdersRepository } from '../imported-orders.repository';

/** A removed store's orders are deleted, and kept from coming back. */
@Injectable()
export class RemoveStoreOrdersUseCase {
  private readonly logger = new Logger(RemoveStoreOrdersUseCase.name);

  constructor(private readonly orders: ImportedOrdersRepository) {}

  async execute({ storeId }: { storeId: string }): Promise<{ removed: number }> {
    const removed = await this.orders.removeStore(storeId);
    this.logger.log({ storeId, removed }, 'Orders of a removed store deleted');
    return { removed };
  }
}
