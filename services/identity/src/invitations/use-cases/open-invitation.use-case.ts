import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { InvitationPreview, InvitationTokenDto } from '@tawsil/contracts/identity';
import { UsersRepository } from '../../users/users.repository';
import { stateOf } from '../invitation.mapper';
import { InvitationsRepository } from '../invitations.repository';
import { invitationOfLink } from '../pending-invitation';

/** What the invited person sees on opening the link, before signing in or registering. */
@Injectable()
export class OpenInvitationUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly invitations: InvitationsRepository,
    private readonly users: UsersRepository,
  ) {}

  async execute(input: InvitationTokenDto): Promise<InvitationPreview> {
    const em = this.em.fork();
    const row = await invitationOfLink(this.invitations, em, input.token);
    const [inviter, hasAccount] = await Promise.all([
      this.users.findById(row.invited_by, ['name'], em),
      this.users.emailTaken(em, row.email),
    ]);
    return {
      email: row.email,
      storeName: row.store_name,
      invitedBy: inviter?.name ?? '',
      expiresAt: new Date(row.expires_at).toISOString(),
      state: stateOf(row),
      hasAccount,
    };
  }
}
