import { Injectable } from '@nestjs/common';
import type { AuthUserDto } from '@tawsil/contracts/identity';
import type { User } from './user.entity';

/** A signed-in user without the token yet: the session it opens signs one (OpenSessionUseCase). */
export type UserView = Omit<AuthUserDto, 'token'>;

@Injectable()
export class UserMapper {
  toAuthUser(user: Pick<User, 'id' | 'name' | 'email' | 'type'>): UserView {
    return { _id: user.id, name: user.name, email: user.email, type: user.type };
  }
}
