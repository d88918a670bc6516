import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OrdersPatterns } from '@tawsil/contracts/orders';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { CountOrdersByStoreUseCase } from './use-cases/count-orders-by-store.use-case';

@Controller()
export class OrderCountsController {
  constructor(private readonly countOrdersByStore: CountOrdersByStoreUseCase) {}

  @RpcHandler(OrdersPatterns.countByStore)
  countByStore(@Payload() request: RpcRequest<{ storeIds: string[] }>) {
    return this.countOrdersByStore.execute(request.actor, request.data);
  }
}
