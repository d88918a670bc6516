import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { PublicRpcRequest, RpcRequest } from '@tawsil/contracts/rpc';
import { StoresYoucanPatterns, type StoreIdDto } from '@tawsil/contracts/stores-youcan';
import { RpcHandler } from '@tawsil/nest-common';
import { GetStoreOwnersUseCase } from './use-cases/get-store-owners.use-case';
import { ListOwnedStoreIdsUseCase } from './use-cases/list-owned-store-ids.use-case';
import { ListRemovedStoreIdsUseCase } from './use-cases/list-removed-store-ids.use-case';
import { ListStoresUseCase } from './use-cases/list-stores.use-case';
import { RemoveStoreUseCase } from './use-cases/remove-store.use-case';

@Controller()
export class StoresController {
  constructor(
    private readonly listStores: ListStoresUseCase,
    private readonly removeStore: RemoveStoreUseCase,
    private readonly listOwnedStoreIds: ListOwnedStoreIdsUseCase,
    private readonly getStoreOwners: GetStoreOwnersUseCase,
    private readonly listRemovedStoreIds: ListRemovedStoreIdsUseCase,
  ) {}

  @RpcHandler(StoresYoucanPatterns.list)
  list(@Payload() request: RpcRequest<void>) {
    return this.listStores.execute(request.actor);
  }

  @RpcHandler(StoresYoucanPatterns.remove)
  remove(@Payload() request: RpcRequest<StoreIdDto>) {
    return this.removeStore.execute(request.actor, request.data);
  }

  @RpcHandler(StoresYoucanPatterns.ownedStoreIds)
  ownedStoreIds(@Payload() request: PublicRpcRequest<{ ownerId: string }>) {
    return this.listOwnedStoreIds.execute(request.data);
  }

  @RpcHandler(StoresYoucanPatterns.ownersOf)
  ownersOf(@Payload() request: PublicRpcRequest<{ storeIds: string[] }>) {
    return this.getStoreOwners.execute(request.data);
  }

  @RpcHandler(StoresYoucanPatterns.removedStoreIds)
  removedStoreIds(@Payload() request: PublicRpcRequest<{ storeIds: string[] }>) {
    return this.listRemovedStoreIds.execute(request.data);
  }
}
