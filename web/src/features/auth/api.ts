import type { AuthUserDto, LoginDto, RegisterDto } from '@tawsil/contracts/identity';
import useSWR from 'swr';
import { currentLanguage } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { swrKeys } from '../../lib/swr-keys';

export const login = (body: LoginDto) => api<AuthUserDto>('/api/users/login', { method: 'POST', body });
/** Registers in the language the app shows now: the browser's, or the one the visitor picked. */
export const register = (body: RegisterDto) =>
  api<AuthUserDto>('/api/users/register', { method: 'POST', body: { ...body, language: currentLanguage() } });

export interface Me {
  _id: string;
  name: string;
  type: AuthUserDto['type'];
}

/** The signed-in user as the server sees the token; a 401 here signs the user out. */
export function useMe() {
  return useSWR<Me>(swrKeys.me, (path: string) => api<Me>(path));
}
