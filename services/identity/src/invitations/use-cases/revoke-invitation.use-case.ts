import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { IdentityPatterns, type InvitationView } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { requireOwnerOf } from '../../memberships/require-owner-of';
import { toInvitationView } from '../invitation.mapper';
import { InvitationsRepository } from '../invitations.repository';

export const NOT_PENDING = 'No pending invitation with this id';

/** The owner withdraws a pending invitation: its link stops working. */
@Injectable()
export class RevokeInvitationUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly invitations: InvitationsRepository,
  ) {}

  async execute(actor: Actor, input: { invitationId: string }): Promise<InvitationView> {
    const owner = requireOwnerOf(actor);
    return idempotentWrite(
      this.em,
      { pattern: IdentityPatterns.revokeInvitation, request: input },
      async (em) => {
        const row = await this.invitations.revoke(em, input.invitationId, owner);
        if (!row) throw ServiceError.notFound(NOT_PENDING);
        return toInvitationView(row);
      },
    );
  }
}
