import { Injectable, Logger } from '@nestjs/common';
import type { ImportedOrder } from '@tawsil/contracts/orders';
import type { RefusedOrderDto } from '@tawsil/contracts/stores-youcan';
import { stripControlCharacters } from '@tawsil/nest-common';
import { StoresRepository } from '../stores/stores.repository';
import { mapYoucanOrder, UnusableOrderError } from '../youcan/order-mapper';
import type { YoucanOrder } from '../youcan/youcan.types';

export interface MappedOrders {
  orders: ImportedOrder[];
  refused: RefusedOrderDto[];
}

/**
 * Maps what YouCan sent, order by order: one order that cannot be stored is set aside with its
 * reason and the others go on, so a bad order never fails its page or its webhook job.
 */
@Injectable()
export class RefusedOrders {
  private readonly logger = new Logger(RefusedOrders.name);

  constructor(private readonly stores: StoresRepository) {}

  map(storeId: string, sent: YoucanOrder[], receivedAt = new Date()): MappedOrders {
    const mapped: MappedOrders = { orders: [], refused: [] };
    for (const order of sent) {
      try {
        mapped.orders.push(mapYoucanOrder(order, receivedAt));
      } catch (error) {
        if (!(error instanceof UnusableOrderError)) throw error;
        const ref = stripControlCharacters(String(order?.ref ?? order?.id ?? '(no reference)')).slice(0, 100);
        this.logger.warn({ storeId, ref, reason: error.message }, 'Refused an order YouCan sent');
        mapped.refused.push({ ref, reason: error.message, at: receivedAt.toISOString() });
      }
    }
    return mapped;
  }

  /** Keeps the newest refusals on the store, where its owner sees them. */
  async record(storeId: string, refused: RefusedOrderDto[]): Promise<void> {
    if (refused.length === 0) return;
    await this.stores.recordRefused(storeId, refused);
  }
}
