import { Injectable } from '@nestjs/common';
import type { CustomerHistoryView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';
import { ORDER_NOT_FOUND } from '../../orders/order-access';
import { CustomersRepository } from '../customers.repository';

/**
 * The customer's other orders, found by phone, in the stores the caller reaches (an owner's
 * stores, an agent's stores): what became of them tells whether to trust this one.
 */
@Injectable()
export class GetCustomerHistoryUseCase {
  constructor(private readonly customers: CustomersRepository) {}

  async execute(caller: Actor, input: { orderId: string }): Promise<CustomerHistoryView> {
    const order = await this.customers.phoneOf(input.orderId, caller.storeIds);
    if (!order) throw ServiceError.notFound(ORDER_NOT_FOUND);
    if (!order.phoneKey) return { phone: order.phone, orders: [] };
    return {
      phone: order.phoneKey,
      orders: await this.customers.ordersOf(order.phoneKey, input.orderId, caller.storeIds),
    };
  }
}
