import { Injectable } from '@nestjs/common';
import type { CurrentUserView } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';
import { UserMapper } from '../user.mapper';
import { UsersRepository } from '../users.repository';

/** The caller as stored now: a language chosen on another device is the one answered. */
@Injectable()
export class GetCurrentUserUseCase {
  constructor(
    private readonly users: UsersRepository,
    private readonly mapper: UserMapper,
  ) {}

  async execute(actor: Actor): Promise<CurrentUserView> {
    const user = await this.users.findById(actor.userId, ['id', 'name', 'type', 'language']);
    if (!user) throw ServiceError.unauthorized('Your session has ended: sign in again');
    return this.mapper.toCurrentUser(user);
  }
}
