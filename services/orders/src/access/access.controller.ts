import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OrdersPatterns } from '@tawsil/contracts/orders';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';

@Controller()
export class AccessController {
  /** ReachableStoresInterceptor has just filled the caller's stores. */
  @RpcHandler(OrdersPatterns.accessStoreIds)
  storeIds(@Payload() request: RpcRequest<Record<string, never>>): string[] {
    return request.actor.storeIds;
  }
}
