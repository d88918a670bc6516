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
import { AcceptInvitationUseCase } from './use-cases/accept-invitation.use-case';
import { InviteConfirmateurUseCase } from './use-cases/invite-confirmateur.use-case';
import { ListInvitationsUseCase } from './use-cases/list-invitations.use-case';
import { OpenInvitationUseCase } from './use-cases/open-invitation.use-case';
import { RegisterFromInvitationUseCase } from './use-cases/register-from-invitation.use-case';
import { ResendInvitationUseCase } from './use-cases/resend-invitation.use-case';
import { RevokeInvitationUseCase } from './use-cases/revoke-invitation.use-case';

/** The owner's side of invitations (invite, list, revoke, resend) and the invited person's (open, accept, register). */
@Controller()
export class InvitationsController {
  constructor(
    private readonly inviteConfirmateur: InviteConfirmateurUseCase,
    private readonly listInvitations: ListInvitationsUseCase,
    private readonly revokeInvitation: RevokeInvitationUseCase,
    private readonly resendInvitation: ResendInvitationUseCase,
    private readonly openInvitation: OpenInvitationUseCase,
    private readonly acceptInvitation: AcceptInvitationUseCase,
    private readonly registerFromInvitation: RegisterFromInvitationUseCase,
  ) {}

  @RpcHandler(IdentityPatterns.inviteConfirmateur)
  invite(@Payload() request: RpcRequest<AddConfirmateurDto & { storeId: string; storeName: string }>) {
    return this.inviteConfirmateur.execute(request.actor, request.data);
  }

  @RpcHandler(IdentityPatterns.listInvitations)
  list(@Payload() request: RpcRequest<void>) {
    return this.listInvitations.execute(request.actor);
  }

  @RpcHandler(IdentityPatterns.revokeInvitation)
  revoke(@Payload() request: RpcRequest<{ invitationId: string }>) {
    return this.revokeInvitation.execute(request.actor, request.data);
  }

  @RpcHandler(IdentityPatterns.resendInvitation)
  resend(@Payload() request: RpcRequest<{ invitationId: string }>) {
    return this.resendInvitation.execute(request.actor, request.data);
  }

  @RpcHandler(IdentityPatterns.openInvitation)
  open(@Payload() request: PublicRpcRequest<InvitationTokenDto>) {
    return this.openInvitation.execute(request.data);
  }

  @RpcHandler(IdentityPatterns.acceptInvitation)
  accept(@Payload() request: RpcRequest<InvitationTokenDto>) {
    return this.acceptInvitation.execute(request.actor, request.data);
  }

  @RpcHandler(IdentityPatterns.registerFromInvitation)
  register(@Payload() request: PublicRpcRequest<RegisterFromInvitationDto & NewSession>) {
    return this.registerFromInvitation.execute(request.data);
  }
}
