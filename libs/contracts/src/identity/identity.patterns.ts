import { rpcPattern } from '../rpc';
import type { AuthUserDto, LoginDto, RegisterDto } from './auth.dto';

export const IdentityPatterns = {
  register: rpcPattern<RegisterDto, AuthUserDto>('identity', 'identity.user.register.v1'),
  login: rpcPattern<LoginDto, AuthUserDto>('identity', 'identity.user.login.v1'),
};
