import { Injectable } from '@nestjs/common';
import type { InvitationView } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireOwnerOf } from '../../memberships/require-owner-of';
import { toInvitationView } from '../invitation.mapper';
import { InvitationsRepository } from '../invitations.repository';

/** The owner's pending invitations in its stores, newest first. */
@Injectable()
export class ListInvitationsUseCase {
  constructor(private readonly invitations: InvitationsRepository) {}

  async execute(actor: Actor): Promise<InvitationView[]> {
    const owner = requireOwnerOf(actor);
    const rows = await this.invitations.pendingOf(owner.userId, owner.storeIds);
    return rows.map(toInvitationView);
  }
}
