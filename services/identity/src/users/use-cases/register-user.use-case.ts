import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  IdentityPatterns,
  type NewSession,
  type RegisterDto,
  type SignedIn,
} from '@tawsil/contracts/identity';
import { IDEMPOTENCY_KEY_REUSED, idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { PasswordHasher } from '../../passwords/password-hasher';
import { OpenSessionUseCase } from '../../sessions/use-cases/open-session.use-case';
import { languageChoice } from '../language-choice';
import type { User } from '../user.entity';
import { UserMapper } from '../user.mapper';
import { UsersRepository } from '../users.repository';

export const EMAIL_TAKEN = 'An account with this email already exists';

type RegisteredUser = Pick<User, 'id' | 'name' | 'email' | 'type' | 'language'>;

/** A new owner or confirmateur account, signed in at once. */
@Injectable()
export class RegisterUserUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly mapper: UserMapper,
    private readonly openSession: OpenSessionUseCase,
  ) {}

  async execute(input: RegisterDto & NewSession): Promise<SignedIn> {
    const email = input.email.toLowerCase();
    const language = languageChoice(input.language);
    // Hashed before the transaction: a hash waiting for its turn holds no database connection.
    const passwordHash = await this.hasher.hash(input.password);
    let created = false;
    // The password stays out of the stored request hash (a fast hash of it must not sit in a table);
    // a repeat proves it by matching the account's own argon2 hash instead.
    const request = { name: input.name, email, isConfirmateur: input.isConfirmateur ?? false };
    const user = await idempotentWrite<RegisteredUser>(
      this.em,
      { pattern: IdentityPatterns.register, request },
      async (em) => {
        if (await this.users.emailTaken(em, email)) throw ServiceError.conflict(EMAIL_TAKEN);
        const entity = await this.users.create(em, {
          id: randomUUID(),
          name: input.name,
          email,
          passwordHash,
          type: input.isConfirmateur ? 'confirmateur' : 'owner',
          language,
        });
        if (!entity) throw ServiceError.conflict(EMAIL_TAKEN);
        created = true;
        return {
          id: entity.id,
          name: entity.name,
          email: entity.email,
          type: entity.type,
          language: entity.language,
        };
      },
    );
    if (!created) await this.provePassword(user.id, input.password);
    // Each answer opens a session, a repeat of the registration too (a new sign-in).
    return this.openSession.execute(this.mapper.toAuthUser(user), input);
  }

  private async provePassword(userId: string, password: string): Promise<void> {
    const stored = await this.users.findById(userId, ['passwordHash']);
    if (!(await this.hasher.verify(stored?.passwordHash, password)))
      throw ServiceError.unprocessable(IDEMPOTENCY_KEY_REUSED);
  }
}
