import { Injectable } from '@nestjs/common';
import type { AuthUserDto, CurrentUserView } from '@tawsil/contracts/identity';
import type { User } from './user.entity';

/** A signed-in user without the token yet: the session it opens signs one (OpenSessionUseCase). */
export type UserView = Omit<AuthUserDto, 'token'>;

@Injectable()
export class UserMapper {
  toAuthUser(user: Pick<User, 'id' | 'name' | 'email' | 'type' | 'language'>): UserView {
    return { _id: user.id, name: user.name, email: user.email, type: user.type, language: user.language };
  }

  toCurrentUser(user: Pick<User, 'id' | 'name' | 'type' | 'language'>): CurrentUserView {
    return { _id: user.id, name: user.name, type: user.type, language: user.language };
  }
}
