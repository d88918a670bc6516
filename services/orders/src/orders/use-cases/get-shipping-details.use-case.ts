import { Injectable } from '@nestjs/common';
import type { ShippingOrder } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { OrdersRepository } from '../orders.repository';

/** The caller's orders among the ids, with what a parcel is made of; other ids are left out. */
@Injectable()
export class GetShippingDetailsUseCase {
  constructor(private readonly orders: OrdersRepository) {}

  async execute(caller: Actor, input: { orderIds: string[] }): Promise<ShippingOrder[]> {
    if (input.orderIds.length === 0 || caller.storeIds.length === 0) return [];
    const orders = await this.orders.inStores(input.orderIds, caller.storeIds);
    return orders.map((order) => ({
      _id: order.id,
      storeId: order.storeId,
      ref: order.ref,
      status: order.status,
      customer: {
        full_name: order.customerName,
        phone: order.customerPhone,
        region: order.regionRaw,
        city: order.city,
      },
      productName: order.firstProductName,
      quantity: order.quantity,
      total: Number(order.total),
      delivery: order.delivery ?? null,
    }));
  }
}
