import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AuthUserDto, RegisterDto } from '@tawsil/contracts/identity';
import { ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { PasswordHasher } from '../../passwords/password-hasher';
import { User } from '../user.entity';
import { UserMapper } from '../user.mapper';

export const EMAIL_TAKEN = 'An account with this email already exists';

@Injectable()
export class RegisterUserUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    private readonly mapper: UserMapper,
  ) {}

  async execute(input: RegisterDto): Promise<AuthUserDto> {
    const em = this.em.fork();
    const email = input.email.toLowerCase();
    if (await em.count(User, { email })) throw ServiceError.conflict(EMAIL_TAKEN);

    const user = em.create(User, {
      id: randomUUID(),
      name: input.name,
      email,
      passwordHash: await this.hasher.hash(input.password),
      type: input.isConfirmateur ? 'confirmateur' : 'owner',
    });
    try {
      await em.flush();
    } catch (error) {
      // Two registrations of one address at the same moment: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) throw ServiceError.conflict(EMAIL_TAKEN);
      throw error;
    }
    return this.mapper.toAuthUser(user);
  }
}
