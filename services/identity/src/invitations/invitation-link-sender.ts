import { Injectable, Logger } from '@nestjs/common';
import { DEFAULT_LANGUAGE, type InvitationView, type Language } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';
import { IdentityConfig } from '../config/identity.config';
import { MailSender } from '../mail/mail-sender';
import { UsersRepository } from '../users/users.repository';
import { invitationMail } from './invitation-mail';

export const MAIL_NOT_SENT =
  'The invitation is saved but its e-mail could not be sent: send it again from the pending invitations';

/**
 * Mails an invitation's link, in the language of the address's account, or the inviting owner's
 * for someone without one yet; a failure answers 502, the invitation staying saved.
 */
@Injectable()
export class InvitationLinkSender {
  private readonly logger = new Logger(InvitationLinkSender.name);

  constructor(
    private readonly mail: MailSender,
    private readonly config: IdentityConfig,
    private readonly users: UsersRepository,
  ) {}

  async send(owner: Actor, invitation: InvitationView, token: string): Promise<void> {
    const language = await this.readerLanguage(invitation.email, owner.userId);
    try {
      await this.mail.send(
        invitationMail({
          to: invitation.email,
          inviter: owner.name,
          storeName: invitation.storeName,
          link: `${this.config.APP_URL}/invitations/${token}`,
          language,
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

  private async readerLanguage(email: string, ownerId: string): Promise<Language> {
    const reader = await this.users.findByEmail(email);
    if (reader) return reader.language;
    return (await this.users.findById(ownerId, ['language']))?.language ?? DEFAULT_LANGUAGE;
  }
}
