import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { IdentityPatterns, type InvitationView } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { requireOwnerOf } from '../../memberships/require-owner-of';
import { InvitationLinkSender } from '../invitation-link-sender';
import { toInvitationView } from '../invitation.mapper';
import { hashInvitationToken, newInvitationToken } from '../invitation-token';
import { InvitationsRepository } from '../invitations.repository';
import { NOT_PENDING } from './revoke-invitation.use-case';

/** A new link (the old one stops working) valid for another full period, mailed again. */
@Injectable()
export class ResendInvitationUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly invitations: InvitationsRepository,
    private readonly links: InvitationLinkSender,
  ) {}

  async execute(actor: Actor, input: { invitationId: string }): Promise<InvitationView> {
    const owner = requireOwnerOf(actor);
    let token: string | undefined;
    const invitation = await idempotentWrite(
      this.em,
      { pattern: IdentityPatterns.resendInvitation, request: input },
      async (em) => {
        token = newInvitationToken();
        const row = await this.invitations.renew(em, input.invitationId, hashInvitationToken(token), owner);
        if (!row) throw ServiceError.notFound(NOT_PENDING);
        return toInvitationView(row);
      },
    );
    if (token) await this.links.send(owner, invitation, token);
    return invitation;
  }
}
