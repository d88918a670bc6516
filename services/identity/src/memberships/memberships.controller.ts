import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IdentityPatterns, type RemoveConfirmateurDto } from '@tawsil/contracts/identity';
import type { PublicRpcRequest, RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { ListConfirmateursUseCase } from './use-cases/list-confirmateurs.use-case';
import { ListMemberStoreIdsUseCase } from './use-cases/list-member-store-ids.use-case';
import { RemoveConfirmateurUseCase } from './use-cases/remove-confirmateur.use-case';

@Controller()
export class MembershipsController {
  constructor(
    private readonly listMemberStoreIds: ListMemberStoreIdsUseCase,
    private readonly listConfirmateurs: ListConfirmateursUseCase,
    private readonly removeConfirmateur: RemoveConfirmateurUseCase,
  ) {}

  @RpcHandler(IdentityPatterns.memberStoreIds)
  memberStoreIds(@Payload() request: PublicRpcRequest<{ confirmateurId: string }>) {
    return this.listMemberStoreIds.execute(request.data);
  }

  @RpcHandler(IdentityPatterns.listConfirmateurs)
  list(@Payload() request: RpcRequest<void>) {
    return this.listConfirmateurs.execute(request.actor);
  }

  @RpcHandler(IdentityPatterns.removeConfirmateur)
  remove(@Payload() request: RpcRequest<RemoveConfirmateurDto & { confirmateurId: string }>) {
    return this.removeConfirmateur.execute(request.actor, request.data);
  }
}
