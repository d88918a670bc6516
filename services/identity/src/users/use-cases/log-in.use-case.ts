import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { LoginDto } from '@tawsil/contracts/identity';
import { ServiceError } from '@tawsil/nest-common';
import { PasswordHasher } from '../../passwords/password-hasher';
import { User } from '../user.entity';
import { UserMapper, type UserView } from '../user.mapper';

/** One message for an unknown email and a wrong password: it does not tell which was wrong. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

@Injectable()
export class LogInUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    private readonly mapper: UserMapper,
  ) {}

  async execute(input: LoginDto): Promise<UserView> {
    const user = await this.em.fork().findOne(User, { email: input.email.toLowerCase() });
    const valid = await this.hasher.verify(user?.passwordHash, input.password);
    if (!user || !valid) throw ServiceError.unauthorized(INVALID_CREDENTIALS);
    return this.mapper.toAuthUser(user);
  }
}
