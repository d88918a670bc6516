import type { AuthUserDto, SignedIn } from '@tawsil/contracts/identity';
import { randomBytes } from 'node:crypto';

/** The refresh secret of a new sign-in or refresh: made here, sealed to identity, kept in the cookie. */
export const newRefreshSecret = (): string => randomBytes(32).toString('base64url');

/** What the browser gets: the user and the access token (the session id travels in the cookie). */
export function toAuthUser({ _id, name, email, type, language, token }: SignedIn): AuthUserDto {
  return { _id, name, email, type, language, token };
}
