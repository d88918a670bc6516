import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  passwordProblem,
  SessionPatterns,
  type ChangePasswordDto,
  type EndedSessions,
} from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { PasswordHasher } from '../../passwords/password-hasher';
import { UsersRepository } from '../../users/users.repository';
import { RevocationPublisher } from '../revocation-publisher';
import { SessionsRepository } from '../sessions.repository';

export const CURRENT_PASSWORD_WRONG = 'The current password is not correct';

/** The signed-in user changes their password: every other session ends, this one stays. */
@Injectable()
export class ChangePasswordUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsRepository,
    private readonly revocations: RevocationPublisher,
  ) {}

  async execute(actor: Actor, input: ChangePasswordDto): Promise<EndedSessions> {
    const { userId, sessionId } = actor;
    const stored = await this.users.findById(userId, ['passwordHash', 'email', 'name']);
    if (!stored) throw ServiceError.unauthorized('Sign in first');
    // A repeat of a change that went through finds the new password already in place.
    const proven =
      (await this.hasher.verify(stored.passwordHash, input.currentPassword)) ||
      (await this.hasher.verify(stored.passwordHash, input.newPassword));
    if (!proven) throw ServiceError.badRequest(CURRENT_PASSWORD_WRONG);
    const problem = passwordProblem(input.newPassword, { email: stored.email, name: stored.name });
    if (problem) throw ServiceError.badRequest(problem.replace(/^password/, 'newPassword'));
    const passwordHash = await this.hasher.hash(input.newPassword);
    const answer = await idempotentWrite<EndedSessions>(
      this.em,
      { pattern: SessionPatterns.changePassword, request: { userId, sessionId } },
      async (em) => {
        await this.users.setPasswordHash(em, userId, passwordHash);
        const except = sessionId ? { except: sessionId } : {};
        return { endedSessionIds: await this.sessions.revoke(em, userId, except) };
      },
    );
    await this.revocations.publish(answer.endedSessionIds);
    return answer;
  }
}
