import type { UserType } from '../rpc';

/** Access tokens: signed by identity, verified by the gateway with this algorithm only. */
export const TOKEN_ALGORITHM = 'ES256';
export const TOKEN_ISSUER = 'tawsil-identity';
export const TOKEN_AUDIENCE = 'tawsil-api';

export interface TokenClaims {
  sub: string;
  name: string;
  type: UserType;
}
