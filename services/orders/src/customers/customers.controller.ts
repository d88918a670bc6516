import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CustomersPatterns, type AddBlacklistEntryDto, type OrdersFilterDto } from '@tawsil/contracts/orders';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { AddBlacklistEntryUseCase } from './use-cases/add-blacklist-entry.use-case';
import { CancelDuplicateUseCase } from './use-cases/cancel-duplicate.use-case';
import { GetCustomerHistoryUseCase } from './use-cases/get-customer-history.use-case';
import { ListBlacklistUseCase } from './use-cases/list-blacklist.use-case';
import { MatchOrderIdsUseCase } from './use-cases/match-order-ids.use-case';
import { RemoveBlacklistEntryUseCase } from './use-cases/remove-blacklist-entry.use-case';

@Controller()
export class CustomersController {
  constructor(
    private readonly matchOrderIds: MatchOrderIdsUseCase,
    private readonly getCustomerHistory: GetCustomerHistoryUseCase,
    private readonly cancelDuplicate: CancelDuplicateUseCase,
    private readonly listBlacklist: ListBlacklistUseCase,
    private readonly addBlacklistEntry: AddBlacklistEntryUseCase,
    private readonly removeBlacklistEntry: RemoveBlacklistEntryUseCase,
  ) {}

  @RpcHandler(CustomersPatterns.idsMatching)
  idsMatching(@Payload() request: RpcRequest<OrdersFilterDto>) {
    return this.matchOrderIds.execute(request.actor, request.data);
  }

  @RpcHandler(CustomersPatterns.history)
  history(@Payload() request: RpcRequest<{ orderId: string }>) {
    return this.getCustomerHistory.execute(request.actor, request.data);
  }

  @RpcHandler(CustomersPatterns.cancelDuplicate)
  cancel(@Payload() request: RpcRequest<{ orderId: string }>) {
    return this.cancelDuplicate.execute(request.actor, request.data);
  }

  @RpcHandler(CustomersPatterns.blacklist)
  blacklist(@Payload() request: RpcRequest<Record<string, never>>) {
    return this.listBlacklist.execute(request.actor);
  }

  @RpcHandler(CustomersPatterns.addToBlacklist)
  add(@Payload() request: RpcRequest<AddBlacklistEntryDto>) {
    return this.addBlacklistEntry.execute(request.actor, request.data);
  }

  @RpcHandler(CustomersPatterns.removeFromBlacklist)
  remove(@Payload() request: RpcRequest<{ entryId: string }>) {
    return this.removeBlacklistEntry.execute(request.actor, request.data);
  }
}
