import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  IdentityPatterns,
  type AddConfirmateurDto,
  type ConfirmateurInvited,
} from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite } from '@tawsil/nest-common';
import { requireOwnerOf } from '../../memberships/require-owner-of';
import { InvitationLinkSender } from '../invitation-link-sender';
import { toInvitationView } from '../invitation.mapper';
import { hashInvitationToken, newInvitationToken } from '../invitation-token';
import { InvitationsRepository } from '../invitations.repository';

export const INVITATION_SENT = 'Invitation sent: the confirmateur joins the store once they accept it';

type InviteInput = AddConfirmateurDto & { storeId: string; storeName: string };

/**
 * The owner invites an address to a store: stores (or renews) the pending invitation and mails its
 * link. Nothing in the answer depends on the address: whether it has an account, of which kind, or
 * already works for the store.
 */
@Injectable()
export class InviteConfirmateurUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly invitations: InvitationsRepository,
    private readonly links: InvitationLinkSender,
  ) {}

  async execute(actor: Actor, input: InviteInput): Promise<ConfirmateurInvited> {
    const owner = requireOwnerOf(actor, input.storeId);
    const email = input.email.toLowerCase();
    let token: string | undefined;
    const invitation = await idempotentWrite(
      this.em,
      { pattern: IdentityPatterns.inviteConfirmateur, request: { ...input, email } },
      async (em) => {
        token = newInvitationToken();
        const row = await this.invitations.upsertPending(em, {
          storeId: input.storeId,
          storeName: input.storeName,
          email,
          tokenHash: hashInvitationToken(token),
          invitedBy: owner.userId,
        });
        return toInvitationView(row);
      },
    );
    // A repeated request (same idempotency key) answers as the first did and mails nothing more.
    if (token) await this.links.send(owner, invitation, token);
    return { message: INVITATION_SENT, storeId: input.storeId, invitation };
  }
}
