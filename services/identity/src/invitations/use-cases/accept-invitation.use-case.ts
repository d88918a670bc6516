import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  IdentityPatterns,
  type InvitationAccepted,
  type InvitationTokenDto,
} from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { UsersRepository } from '../../users/users.repository';
import { AgentStoresPublisher } from '../../memberships/agent-stores.publisher';
import { InvitationsRepository } from '../invitations.repository';
import { takePendingInvitation } from '../pending-invitation';

export const INVITATION_ACCEPTED = 'Invitation accepted: you now work for this store';

/** A signed-in confirmateur, of the invited address, joins the store. */
@Injectable()
export class AcceptInvitationUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly invitations: InvitationsRepository,
    private readonly users: UsersRepository,
    private readonly agentStores: AgentStoresPublisher,
  ) {}

  async execute(actor: Actor, input: InvitationTokenDto): Promise<InvitationAccepted> {
    const { token } = input;
    const joined = await idempotentWrite(
      this.em,
      { pattern: IdentityPatterns.acceptInvitation, request: { token } },
      async (em) => {
        const row = await takePendingInvitation(this.invitations, em, token);
        const user = await this.users.findById(actor.userId, ['id', 'email', 'type'], em);
        if (!user) throw ServiceError.unauthorized('Sign in first');
        if (user.type !== 'confirmateur')
          throw ServiceError.forbidden(
            'Only a confirmateur account can join a store: this account is an owner’s',
          );
        if (user.email !== row.email)
          throw ServiceError.forbidden(
            `This invitation was sent to ${row.email}: sign in with that address to accept it`,
          );
        await this.invitations.accept(em, row, user.id);
        return { userId: user.id, storeId: row.store_id, storeName: row.store_name };
      },
    );
    // After the commit, so orders never grants a membership that did not happen.
    await this.agentStores.changed(joined.userId);
    return { message: INVITATION_ACCEPTED, storeId: joined.storeId, storeName: joined.storeName };
  }
}
