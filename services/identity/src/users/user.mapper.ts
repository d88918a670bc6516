import { Injectable } from '@nestjs/common';
import type { AuthUserDto } from '@tawsil/contracts/identity';
import { TokenSigner } from '../tokens/token-signer';
import type { User } from './user.entity';

@Injectable()
export class UserMapper {
  constructor(private readonly signer: TokenSigner) {}

  toAuthUser(user: Pick<User, 'id' | 'name' | 'email' | 'type'>): AuthUserDto {
    return {
      _id: user.id,
      name: user.name,
      email: user.email,
      type: user.type,
      token: this.signer.sign({ sub: user.id, name: user.name, type: user.type }),
    };
  }
}
