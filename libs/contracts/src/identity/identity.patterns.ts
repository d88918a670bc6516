import { rpcPattern } from '../rpc';
import type { AuthUserDto, LoginDto, RegisterDto } from './auth.dto';

export const IdentityPatterns = {
  register: rpcPattern<RegisterDto, AuthUserDto>('identity', 'identity.user.register.v1'),
  login: rpcPattern<LoginDto, AuthUserDto>('identity', 'identity.user.login.v1'),
  /** The stores a confirmateur was added to: the gateway puts them in the actor. */
  memberStoreIds: rpcPattern<{ confirmateurId: string }, string[]>(
    'identity',
    'identity.membership.store-ids.v1',
  ),
};
