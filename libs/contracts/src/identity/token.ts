import type { UserType } from '../rpc';

/** Access tokens: signed by identity, verified by the gateway with this algorithm only. */
export const TOKEN_ALGORITHM = 'ES256';
export const TOKEN_ISSUER = 'tawsil-identity';
export const TOKEN_AUDIENCE = 'tawsil-api';

export interface TokenClaims {
  sub: string;
  name: string;
  type: UserType;
  /** The session (identity.sessions) the token was issued for; revoking it refuses the token. */
  sid: string;
}

/** The Redis stream where identity announces ended sessions; every gateway refuses their tokens. */
export const REVOKED_SESSIONS_STREAM = 'sessions:revoked';
