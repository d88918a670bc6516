import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import {
  passwordProblem,
  SessionPatterns,
  type EndedSessions,
  type ForgotPasswordDto,
  type ResetPasswordDto,
} from '@tawsil/contracts/identity';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { IdentityConfig } from '../config/identity.config';
import { MailSender } from '../mail/mail-sender';
import { PasswordHasher } from '../passwords/password-hasher';
import { hashSecret, newSecret } from '../sessions/secret-hash';
import { SessionsService } from '../sessions/sessions.service';
import { User } from '../users/user.entity';
import { PasswordResetsRepository } from './password-resets.repository';
import { resetMail } from './reset-mail';

export const RESET_LINK_MINUTES = 30;
/** Reset mails one account may receive per window, whoever asks: the inbox is not flooded. */
export const RESET_MAILS_PER_WINDOW = 3;
export const RESET_WINDOW_MS = 15 * 60_000;
export const RESET_LINK_INVALID = 'This reset link is invalid, used or expired: ask for a new one';

/** Password reset by a single-use, expiring link sent by e-mail. */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly resets: PasswordResetsRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly mail: MailSender,
    private readonly config: IdentityConfig,
  ) {}

  /**
   * Answers the same, at about the same time, whether or not the address has an account: the
   * link is stored, then mailed in the background (a failure is logged, never told).
   */
  async forgot(input: ForgotPasswordDto): Promise<void> {
    const email = input.email.trim().toLowerCase();
    const user = await this.em.fork().findOne(User, { email }, { fields: ['name', 'email'] });
    if (!user) return;
    if ((await this.resets.recentCount(user.id, RESET_WINDOW_MS)) >= RESET_MAILS_PER_WINDOW) {
      this.logger.warn({ userId: user.id }, 'Password reset asked too often: no mail sent');
      return;
    }
    const token = newSecret();
    await this.resets.insert(hashSecret(token), user.id, new Date(Date.now() + RESET_LINK_MINUTES * 60_000));
    const link = `${this.config.APP_URL}/reset-password?token=${token}`;
    void this.mail
      .send(resetMail(user.email, user.name, link, RESET_LINK_MINUTES))
      .catch((error: Error) =>
        this.logger.error({ userId: user.id, error: error.message }, 'Password reset mail not sent'),
      );
  }

  /** Sets the new password with a link's token, uses the token up and ends every session. */
  async reset(input: ResetPasswordDto): Promise<EndedSessions> {
    const tokenHash = hashSecret(input.token);
    // Hashed before the transaction: a hash waiting for its turn holds no database connection.
    const passwordHash = await this.hasher.hash(input.password);
    const answer = await idempotentWrite<EndedSessions>(
      this.em,
      { pattern: SessionPatterns.resetPassword, request: { tokenHash } },
      async (em) => {
        const userId = await this.resets.consume(em, tokenHash);
        if (!userId) throw ServiceError.badRequest(RESET_LINK_INVALID);
        const user = await em.findOneOrFail(User, { id: userId }, { fields: ['email', 'name'] });
        const problem = passwordProblem(input.password, { email: user.email, name: user.name });
        if (problem) throw ServiceError.badRequest(problem);
        await em.nativeUpdate(User, { id: userId }, { passwordHash });
        return { endedSessionIds: await this.sessions.revokeWithin(em, userId) };
      },
    );
    await this.sessions.announce(answer.endedSessionIds);
    return answer;
  }
}
