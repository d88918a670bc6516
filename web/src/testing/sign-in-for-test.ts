import { setAccessToken } from '../lib/access-token';

/**
 * Signs a user in for a screen test, as a sign-in in this tab leaves it: who is signed in in
 * storage, the access token in memory.
 */
export function signInForTest(user: {
  name: string;
  type: string;
  token: string;
  _id?: string;
  email?: string;
}) {
  const { token, ...kept } = user;
  localStorage.setItem('tawsil.user', JSON.stringify(kept));
  setAccessToken(token);
}
