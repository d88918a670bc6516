import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  IdentityPatterns,
  type AddConfirmateurDto,
  type InvitationTokenDto,
  type NewSession,
  type RegisterFromInvitationDto,
} from '@tawsil/contracts/identity';
import type { PublicRpcRequest, RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { SessionsService } from '../sessions/sessions.service';
import { InvitationsService } from './invitations.service';
import { JoiningService } from './joining.service';

@Controller()
export class InvitationsController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly joining: JoiningService,
    private readonly sessions: SessionsService,
  ) {}

  @RpcHandler(IdentityPatterns.inviteConfirmateur)
  invite(@Payload() request: RpcRequest<AddConfirmateurDto & { storeId: string; storeName: string }>) {
    return this.invitations.invite(request.actor, request.data);
  }

  @RpcHandler(IdentityPatterns.listInvitations)
  list(@Payload() request: RpcRequest<void>) {
    return this.invitations.list(request.actor);
  }

  @RpcHandler(IdentityPatterns.revokeInvitation)
  revoke(@Payload() request: RpcRequest<{ invitationId: string }>) {
    return this.invitations.revoke(request.actor, request.data);
  }

  @RpcHandler(IdentityPatterns.resendInvitation)
  resend(@Payload() request: RpcRequest<{ invitationId: string }>) {
    return this.invitations.resend(request.actor, request.data);
  }

  @RpcHandler(IdentityPatterns.openInvitation)
  open(@Payload() request: PublicRpcRequest<InvitationTokenDto>) {
    return this.joining.open(request.data.token);
  }

  @RpcHandler(IdentityPatterns.acceptInvitation)
  accept(@Payload() request: RpcRequest<InvitationTokenDto>) {
    return this.joining.accept(request.actor, request.data.token);
  }

  @RpcHandler(IdentityPatterns.registerFromInvitation)
  async register(@Payload() request: PublicRpcRequest<RegisterFromInvitationDto & NewSession>) {
    const { storeId, ...user } = await this.joining.register(request.data);
    return { ...(await this.sessions.open(user, request.data)), storeId };
  }
}
