import { Injectable } from '@nestjs/common';
import type { LoginDto, NewSession, SignedIn } from '@tawsil/contracts/identity';
import { ServiceError } from '@tawsil/nest-common';
import { PasswordHasher } from '../../passwords/password-hasher';
import { OpenSessionUseCase } from '../../sessions/use-cases/open-session.use-case';
import { UserMapper } from '../user.mapper';
import { UsersRepository } from '../users.repository';

/** One message for an unknown email and a wrong password: it does not tell which was wrong. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** Signs a user in with email and password, in a new session. */
@Injectable()
export class LogInUseCase {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly mapper: UserMapper,
    private readonly openSession: OpenSessionUseCase,
  ) {}

  async execute(input: LoginDto & NewSession): Promise<SignedIn> {
    const user = await this.users.findByEmail(input.email.toLowerCase());
    const valid = await this.hasher.verify(user?.passwordHash, input.password);
    if (!user || !valid) throw ServiceError.unauthorized(INVALID_CREDENTIALS);
    return this.openSession.execute(this.mapper.toAuthUser(user), input);
  }
}
