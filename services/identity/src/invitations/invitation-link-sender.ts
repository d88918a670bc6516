import { Injectable, Logger } from '@nestjs/common';
import type { InvitationView } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';
import { IdentityConfig } from '../config/identity.config';
import { MailSender } from '../mail/mail-sender';
import { invitationMail } from './invitation-mail';

export const MAIL_NOT_SENT =
  'The invitation is saved but its e-mail could not be sent: send it again from the pending invitations';

/** Mails an invitation's link; a failure answers 502, the invitation staying saved. */
@Injectable()
export class InvitationLinkSender {
  private readonly logger = new Logger(InvitationLinkSender.name);

  constructor(
    private readonly mail: MailSender,
    private readonly config: IdentityConfig,
  ) {}

  async send(owner: Actor, invitation: InvitationView, token: string): Promise<void> {
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
