import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  passwordProblem,
  SessionPatterns,
  type EndedSessions,
  type ResetPasswordDto,
} from '@tawsil/contracts/identity';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { PasswordHasher } from '../../passwords/password-hasher';
import { RevocationPublisher } from '../../sessions/revocation-publisher';
import { hashSecret } from '../../sessions/secret-hash';
import { SessionsRepository } from '../../sessions/sessions.repository';
import { UsersRepository } from '../../users/users.repository';
import { PasswordResetsRepository } from '../password-resets.repository';

export const RESET_LINK_INVALID = 'This reset link is invalid, used or expired: ask for a new one';

/** Sets the new password with a link's token, uses the token up and ends every session. */
@Injectable()
export class ResetPasswordUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly resets: PasswordResetsRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsRepository,
    private readonly revocations: RevocationPublisher,
  ) {}

  async execute(input: ResetPasswordDto): Promise<EndedSessions> {
    const tokenHash = hashSecret(input.token);
    // Hashed before the transaction: a hash waiting for its turn holds no database connection.
    const passwordHash = await this.hasher.hash(input.password);
    const answer = await idempotentWrite<EndedSessions>(
      this.em,
      { pattern: SessionPatterns.resetPassword, request: { tokenHash } },
      async (em) => {
        const userId = await this.resets.consume(em, tokenHash);
        if (!userId) throw ServiceError.badRequest(RESET_LINK_INVALID);
        const user = await this.users.findById(userId, ['email', 'name'], em);
        if (!user) throw ServiceError.badRequest(RESET_LINK_INVALID);
        const problem = passwordProblem(input.password, { email: user.email, name: user.name });
        if (problem) throw ServiceError.badRequest(problem);
        await this.users.setPasswordHash(em, userId, passwordHash);
        return { endedSessionIds: await this.sessions.revoke(em, userId) };
      },
    );
    await this.revocations.publish(answer.endedSessionIds);
    return answer;
  }
}
