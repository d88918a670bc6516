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
import { PasswordHasher } from '../passwords/password-hasher';
import { User } from '../users/user.entity';
import { SessionsService } from './sessions.service';

export const CURRENT_PASSWORD_WRONG = 'The current password is not correct';

/** The signed-in user changes their password: every other session ends, this one stays. */
@Injectable()
export class ChangePasswordUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
  ) {}

  async execute(actor: Actor, input: ChangePasswordDto): Promise<EndedSessions> {
    const { userId, sessionId } = actor;
    const stored = await this.em
      .fork()
      .findOne(User, { id: userId }, { fields: ['passwordHash', 'email', 'name'] });
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
        await em.nativeUpdate(User, { id: userId }, { passwordHash });
        return { endedSessionIds: await this.sessions.revokeWithin(em, userId, sessionId) };
      },
    );
    await this.sessions.announce(answer.endedSessionIds);
    return answer;
  }
}
