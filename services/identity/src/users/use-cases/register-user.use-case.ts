import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { IdentityPatterns, type RegisterDto } from '@tawsil/contracts/identity';
import { IDEMPOTENCY_KEY_REUSED, idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { PasswordHasher } from '../../passwords/password-hasher';
import { User } from '../user.entity';
import { UserMapper, type UserView } from '../user.mapper';

export const EMAIL_TAKEN = 'An account with this email already exists';

type RegisteredUser = Pick<User, 'id' | 'name' | 'email' | 'type'>;

@Injectable()
export class RegisterUserUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    private readonly mapper: UserMapper,
  ) {}

  async execute(input: RegisterDto): Promise<UserView> {
    const email = input.email.toLowerCase();
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
        if (await em.count(User, { email })) throw ServiceError.conflict(EMAIL_TAKEN);
        const entity = em.create(User, {
          id: randomUUID(),
          name: input.name,
          email,
          passwordHash,
          type: input.isConfirmateur ? 'confirmateur' : 'owner',
        });
        try {
          await em.flush();
        } catch (error) {
          // Two registrations of one address at the same moment: the unique index decides.
          if (error instanceof UniqueConstraintViolationException) throw ServiceError.conflict(EMAIL_TAKEN);
          throw error;
        }
        created = true;
        return { id: entity.id, name: entity.name, email: entity.email, type: entity.type };
      },
    );
    if (!created) await this.provePassword(user.id, input.password);
    return this.mapper.toAuthUser(user);
  }

  private async provePassword(userId: string, password: string): Promise<void> {
    const stored = await this.em.fork().findOne(User, { id: userId }, { fields: ['passwordHash'] });
    if (!(await this.hasher.verify(stored?.passwordHash, password)))
      throw ServiceError.unprocessable(IDEMPOTENCY_KEY_REUSED);
  }
}
