import { Injectable } from '@nestjs/common';
import type { CurrentUserView, SetLanguageDto } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';
import { languageChoice } from '../language-choice';
import { UserMapper } from '../user.mapper';
import { UsersRepository } from '../users.repository';

/**
 * Keeps the caller's language with the account, whatever their role. Setting a value is safe to
 * repeat as it is: the same request again leaves the same state.
 */
@Injectable()
export class SetLanguageUseCase {
  constructor(
    private readonly users: UsersRepository,
    private readonly mapper: UserMapper,
  ) {}

  async execute(actor: Actor, input: SetLanguageDto): Promise<CurrentUserView> {
    const language = languageChoice(input?.language ?? '');
    if (!(await this.users.setLanguage(actor.userId, language)))
      throw ServiceError.unauthorized('Your session has ended: sign in again');
    return this.mapper.toCurrentUser({ id: actor.userId, name: actor.name, type: actor.type, language });
  }
}
