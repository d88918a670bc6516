import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IdentityPatterns } from '@tawsil/contracts/identity';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { MembershipsRepository } from './memberships.repository';

@Controller()
export class MembershipsController {
  constructor(private readonly memberships: MembershipsRepository) {}

  @RpcHandler(IdentityPatterns.memberStoreIds)
  memberStoreIds(@Payload() request: RpcRequest<{ confirmateurId: string }>) {
    return this.memberships.storeIdsOf(request.data.confirmateurId);
  }
}
