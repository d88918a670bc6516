import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import {
  IdentityPatterns,
  INVITATION_TTL_DAYS,
  type AddConfirmateurDto,
  type ConfirmateurInvited,
  type InvitationView,
} from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { IdentityConfig } from '../config/identity.config';
import { MailSender } from '../mail/mail-sender';
import { requireOwnerOf } from '../memberships/confirmateurs.service';
import { invitationMail } from './invitation-mail';
import { INVITATION_COLUMNS, toInvitationView, type InvitationRow } from './invitation-row';
import { hashInvitationToken, newInvitationToken } from './invitation-token';

export const INVITATION_SENT = 'Invitation sent: the confirmateur joins the store once they accept it';
export const MAIL_NOT_SENT =
  'The invitation is saved but its e-mail could not be sent: send it again from the pending invitations';

const NOT_PENDING = 'No pending invitation with this id';
const expiry = `now() + interval '${INVITATION_TTL_DAYS} days'`;

/** The owner's side of invitations: invite an address to a store, list, revoke and resend. */
@Injectable()
export class InvitationsService {
  private readonly logger = new Logger(InvitationsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailSender,
    private readonly config: IdentityConfig,
  ) {}

  /**
   * Stores (or renews) the pending invitation and mails its link. Nothing in the answer depends on
   * the address: whether it has an account, of which kind, or already works for the store.
   */
  async invite(
    actor: Actor,
    input: AddConfirmateurDto & { storeId: string; storeName: string },
  ): Promise<ConfirmateurInvited> {
    const owner = requireOwnerOf(actor, input.storeId);
    const email = input.email.toLowerCase();
    let token: string | undefined;
    const invitation = await idempotentWrite(
      this.em,
      { pattern: IdentityPatterns.inviteConfirmateur, request: { ...input, email } },
      async (em) => {
        token = newInvitationToken();
        const [row] = await em.execute<InvitationRow[]>(
          `insert into identity.invitations (id, store_id, store_name, email, token_hash, invited_by, expires_at)
           values (?, ?, ?, ?, ?, ?, ${expiry})
           on conflict (store_id, email) where accepted_at is null and revoked_at is null
           do update set token_hash = excluded.token_hash, store_name = excluded.store_name,
             invited_by = excluded.invited_by, invited_at = now(), expires_at = excluded.expires_at
           returning ${INVITATION_COLUMNS}`,
          [randomUUID(), input.storeId, input.storeName, email, hashInvitationToken(token), owner.userId],
        );
        return toInvitationView(row);
      },
    );
    // A repeated request (same idempotency key) answers as the first did and mails nothing more.
    if (token) await this.sendLink(owner, invitation, token);
    return { message: INVITATION_SENT, storeId: input.storeId, invitation };
  }

  async list(actor: Actor): Promise<InvitationView[]> {
    const owner = requireOwnerOf(actor);
    const rows = await this.em.fork().execute<InvitationRow[]>(
      `select ${INVITATION_COLUMNS} from identity.invitations
       where invited_by = ? and accepted_at is null and revoked_at is null
         and store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
       order by invited_at desc, id`,
      [owner.userId, JSON.stringify(owner.storeIds)],
    );
    return rows.map(toInvitationView);
  }

  async revoke(actor: Actor, input: { invitationId: string }): Promise<InvitationView> {
    const owner = requireOwnerOf(actor);
    return idempotentWrite(
      this.em,
      { pattern: IdentityPatterns.revokeInvitation, request: input },
      async (em) => {
        const [row] = await em.execute<InvitationRow[]>(
          `update identity.invitations set revoked_at = now()
         where id = ? and invited_by = ? and accepted_at is null and revoked_at is null
           and store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
         returning ${INVITATION_COLUMNS}`,
          [input.invitationId, owner.userId, JSON.stringify(owner.storeIds)],
        );
        if (!row) throw ServiceError.notFound(NOT_PENDING);
        return toInvitationView(row);
      },
    );
  }

  /** A new link (the old one stops working) valid for another full period, mailed again. */
  async resend(actor: Actor, input: { invitationId: string }): Promise<InvitationView> {
    const owner = requireOwnerOf(actor);
    let token: string | undefined;
    const invitation = await idempotentWrite(
      this.em,
      { pattern: IdentityPatterns.resendInvitation, request: input },
      async (em) => {
        token = newInvitationToken();
        const [row] = await em.execute<InvitationRow[]>(
          `update identity.invitations set token_hash = ?, invited_at = now(), expires_at = ${expiry}
           where id = ? and invited_by = ? and accepted_at is null and revoked_at is null
             and store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
           returning ${INVITATION_COLUMNS}`,
          [hashInvitationToken(token), input.invitationId, owner.userId, JSON.stringify(owner.storeIds)],
        );
        if (!row) throw ServiceError.notFound(NOT_PENDING);
        return toInvitationView(row);
      },
    );
    if (token) await this.sendLink(owner, invitation, token);
    return invitation;
  }

  private async sendLink(owner: Actor, invitation: InvitationView, token: string): Promise<void> {
    try {
      await this.mail.send(
        invitationMail({
          to: invitation.email,
          inviter: owner.name,
          storeName: invitation.storeName,
          link: `${this.config.APP_URL}/invitations/${token}`,
        }),
      );
    } catch (error) {
      this.logger.error(
        { invitationId: invitation._id, reason: (error as Error).message },
        'Invitation mail failed',
      );
      throw ServiceError.badGateway(MAIL_NOT_SENT);
    }
  }
}
