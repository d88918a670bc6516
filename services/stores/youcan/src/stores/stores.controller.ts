import { EntityManager } from '@mikro-orm/postgresql';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { PublicRpcRequest, RpcRequest } from '@tawsil/contracts/rpc';
import {
  StoresYoucanPatterns,
  type LinkCallback,
  type StartLinkRequest,
  type StoreIdDto,
} from '@tawsil/contracts/stores-youcan';
import { requireOwner, RpcHandler } from '@tawsil/nest-common';
import { CompleteAuthorizationUseCase } from '../oauth/complete-authorization.use-case';
import { StartAuthorizationUseCase } from '../oauth/start-authorization.use-case';
import { RemoveStoreUseCase } from './remove-store.use-case';
import { Store } from './store.entity';
import { toStoreSummary } from './store.mapper';

@Controller()
export class StoresController {
  constructor(
    private readonly em: EntityManager,
    private readonly startAuthorization: StartAuthorizationUseCase,
    private readonly completeAuthorization: CompleteAuthorizationUseCase,
    private readonly removeStore: RemoveStoreUseCase,
  ) {}

  @RpcHandler(StoresYoucanPatterns.startAuthorization)
  start(@Payload() request: RpcRequest<StartLinkRequest>) {
    return this.startAuthorization.execute(request.actor, request.data);
  }

  @RpcHandler(StoresYoucanPatterns.completeAuthorization)
  complete(@Payload() request: PublicRpcRequest<LinkCallback>) {
    return this.completeAuthorization.execute(request.data);
  }

  @RpcHandler(StoresYoucanPatterns.list)
  async list(@Payload() request: RpcRequest<void>) {
    const owner = requireOwner(request.actor, 'manage stores');
    const stores = await this.em
      .fork()
      .find(Store, { ownerId: owner.userId }, { orderBy: { createdAt: 'asc' } });
    return stores.map(toStoreSummary);
  }

  @RpcHandler(StoresYoucanPatterns.remove)
  remove(@Payload() request: RpcRequest<StoreIdDto>) {
    return this.removeStore.execute(request.actor, request.data);
  }

  @RpcHandler(StoresYoucanPatterns.ownedStoreIds)
  async ownedStoreIds(@Payload() request: PublicRpcRequest<{ ownerId: string }>): Promise<string[]> {
    const stores = await this.em
      .fork()
      .find(Store, { ownerId: request.data.ownerId }, { fields: ['id'], orderBy: { createdAt: 'asc' } });
    return stores.map((store) => store.id);
  }

  @RpcHandler(StoresYoucanPatterns.ownersOf)
  async ownersOf(
    @Payload() request: PublicRpcRequest<{ storeIds: string[] }>,
  ): Promise<Record<string, string>> {
    const storeIds = request.data.storeIds ?? [];
    if (storeIds.length === 0) return {};
    const stores = await this.em.fork().find(Store, { id: { $in: storeIds } }, { fields: ['id', 'ownerId'] });
    return Object.fromEntries(stores.map((store) => [store.id, store.ownerId]));
  }

  @RpcHandler(StoresYoucanPatterns.removedStoreIds)
  async removedStoreIds(@Payload() request: PublicRpcRequest<{ storeIds: string[] }>): Promise<string[]> {
    const storeIds = request.data.storeIds ?? [];
    if (storeIds.length === 0) return [];
    const rows = await this.em.fork().execute<{ store_id: string }[]>(
      // One JSON parameter: MikroORM would spread a JS array into a list of parameters.
      `select store_id from stores_youcan.store_removals
       where store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
      [JSON.stringify(storeIds)],
    );
    return rows.map((row) => row.store_id);
  }
}
