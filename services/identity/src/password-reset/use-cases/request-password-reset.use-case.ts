import { Injectable, Logger } from '@nestjs/common';
import type { ForgotPasswordDto } from '@tawsil/contracts/identity';
import { IdentityConfig } from '../../config/identity.config';
import { MailSender } from '../../mail/mail-sender';
import { hashSecret, newSecret } from '../../sessions/secret-hash';
import { UsersRepository } from '../../users/users.repository';
import { PasswordResetsRepository } from '../password-resets.repository';
import { resetMail } from '../reset-mail';

export const RESET_LINK_MINUTES = 30;
/** Reset mails one account may receive per window, whoever asks: the inbox is not flooded. */
export const RESET_MAILS_PER_WINDOW = 3;
export const RESET_WINDOW_MS = 15 * 60_000;

/**
 * "Forgot password": answers the same, at about the same time, whether or not the address has an
 * account: the link is stored, then mailed in the background (a failure is logged, never told).
 */
@Injectable()
export class RequestPasswordResetUseCase {
  private readonly logger = new Logger(RequestPasswordResetUseCase.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly mail: MailSender,
    private readonly config: IdentityConfig,
  ) {}

  async execute(input: ForgotPasswordDto): Promise<{ accepted: true }> {
    await this.mailLink(input.email.trim().toLowerCase());
    return { accepted: true };
  }

  private async mailLink(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    if ((await this.resets.recentCount(user.id, RESET_WINDOW_MS)) >= RESET_MAILS_PER_WINDOW) {
      this.logger.warn({ userId: user.id }, 'Password reset asked too often: no mail sent');
      return;
    }
    const token = newSecret();
    await this.resets.insert(hashSecret(token), user.id, new Date(Date.now() + RESET_LINK_MINUTES * 60_000));
    const link = `${this.config.APP_URL}/reset-password?token=${token}`;
    void this.mail
      .send(resetMail(user.email, user.name, link, RESET_LINK_MINUTES, user.language))
      .catch((error: Error) =>
        this.logger.error({ userId: user.id, error: error.message }, 'Password reset mail not sent'),
      );
  }
}
