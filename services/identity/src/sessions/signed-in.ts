import type { SignedIn } from '@tawsil/contracts/identity';
import type { TokenSigner } from '../tokens/token-signer';
import type { UserView } from '../users/user.mapper';

/** The answer of a sign-in or a refresh: the user, a new access token, and the session it belongs to. */
export function signedIn(signer: TokenSigner, user: UserView, sessionId: string): SignedIn {
  const token = signer.sign({ sub: user._id, name: user.name, type: user.type, sid: sessionId });
  return { ...user, token, sessionId };
}
