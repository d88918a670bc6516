import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IdentityPatterns, type RemoveConfirmateurDto } from '@tawsil/contracts/identity';
import type { PublicRpcRequest, RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { ConfirmateursService } from './confirmateurs.service';
import { MembershipsRepository } from './memberships.repository';

@Controller()
export class MembershipsController {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly confirmateurs: ConfirmateursService,
  ) {}

  @RpcHandler(IdentityPatterns.memberStoreIds)
  memberStoreIds(@Payload() request: PublicRpcRequest<{ confirmateurId: string }>) {
    return this.memberships.storeIdsOf(request.data.confirmateurId);
  }

  @RpcHandler(IdentityPatterns.listConfirmateurs)
  list(@Payload() request: RpcRequest<void>) {
    return this.confirmateurs.list(request.actor);
  }

  @RpcHandler(IdentityPatterns.removeConfirmateur)
  remove(@Payload() request: RpcRequest<RemoveConfirmateurDto & { confirmateurId: string }>) {
    return this.confirmateurs.remove(request.actor, request.data);
  }
}
