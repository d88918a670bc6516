import type { EntityManager } from '@mikro-orm/postgresql';
import { ServiceError } from '@tawsil/nest-common';
import { stateOf, type InvitationRow } from './invitation.mapper';
import { hashInvitationToken } from './invitation-token';
import type { InvitationsRepository } from './invitations.repository';

export const UNKNOWN_LINK = 'This invitation link is not valid: ask the store owner for a new one';
const REFUSALS = {
  accepted: 'This invitation was already accepted',
  revoked: 'This invitation was withdrawn by the store owner',
  expired: 'This invitation has expired: ask the store owner to send it again',
} as const;

/** The invitation of a link, in any state; 404 for a link that names none. */
export async function invitationOfLink(
  invitations: InvitationsRepository,
  em: EntityManager,
  token: string,
  lock = false,
): Promise<InvitationRow> {
  const row = await invitations.findByTokenHash(em, hashInvitationToken(token), lock);
  if (!row) throw ServiceError.notFound(UNKNOWN_LINK);
  return row;
}

/** The invitation, locked until the transaction ends, if it can still be accepted (409 saying why not). */
export async function takePendingInvitation(
  invitations: InvitationsRepository,
  em: EntityManager,
  token: string,
): Promise<InvitationRow> {
  const row = await invitationOfLink(invitations, em, token, true);
  const state = stateOf(row);
  if (state !== 'pending') throw ServiceError.conflict(REFUSALS[state]);
  return row;
}
