import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OrdersPatterns } from '@tawsil/contracts/orders';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { ImportedOrdersRepository } from './imported-orders.repository';

@Controller()
export class OrderCountsController {
  constructor(private readonly orders: ImportedOrdersRepository) {}

  /** Counts of the caller's own stores only: other ids are left out of the answer. */
  @RpcHandler(OrdersPatterns.countByStore)
  countByStore(@Payload() request: RpcRequest<{ storeIds: string[] }>) {
    const allowed = new Set(request.actor.storeIds);
    return this.orders.countByStore(request.data.storeIds.filter((id) => allowed.has(id)));
  }
}
