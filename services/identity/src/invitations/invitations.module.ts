import { Module } from '@nestjs/common';
import { MembershipsModule } from '../memberships/memberships.module';
import { InvitationLinkSender } from './invitation-link-sender';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { AcceptInvitationUseCase } from './use-cases/accept-invitation.use-case';
import { InviteConfirmateurUseCase } from './use-cases/invite-confirmateur.use-case';
import { ListInvitationsUseCase } from './use-cases/list-invitations.use-case';
import { OpenInvitationUseCase } from './use-cases/open-invitation.use-case';
import { RegisterFromInvitationUseCase } from './use-cases/register-from-invitation.use-case';
import { ResendInvitationUseCase } from './use-cases/resend-invitation.use-case';
import { RevokeInvitationUseCase } from './use-cases/revoke-invitation.use-case';

@Module({
  imports: [MembershipsModule],
  controllers: [InvitationsController],
  providers: [
    InvitationsRepository,
    InvitationLinkSender,
    InviteConfirmateurUseCase,
    ListInvitationsUseCase,
    RevokeInvitationUseCase,
    ResendInvitationUseCase,
    OpenInvitationUseCase,
    AcceptInvitationUseCase,
    RegisterFromInvitationUseCase,
  ],
})
export class InvitationsModule {}
