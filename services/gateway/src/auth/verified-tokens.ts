import type { TokenClaims } from '@tawsil/contracts/identity';

/** Enough for every token in use at once on one instance; past it the oldest is verified again. */
export const VERIFIED_TOKENS_MAX = 10_000;

type VerifiedClaims = TokenClaims & { exp: number };

/**
 * Tokens whose signature, issuer and audience were verified, with their claims, until they expire:
 * an ES256 verification costs far more than the request it guards, and a browser sends the same
 * token with every call for 15 minutes. Only the signature check is saved: the session is checked
 * on every request, so an ended session is refused at once.
 */
export class VerifiedTokens {
  private readonly claims = new Map<string, VerifiedClaims>();

  constructor(private readonly max = VERIFIED_TOKENS_MAX) {}

  get(token: string, now = Date.now()): TokenClaims | undefined {
    const claims = this.claims.get(token);
    if (claims && claims.exp * 1000 <= now) this.claims.delete(token);
    return claims && claims.exp * 1000 > now ? claims : undefined;
  }

  add(token: string, claims: TokenClaims & { exp?: number }): void {
    if (typeof claims.exp !== 'number') return;
    if (this.claims.size >= this.max) this.claims.delete(this.claims.keys().next().value!);
    this.claims.set(token, claims as VerifiedClaims);
  }

  get size(): number {
    return this.claims.size;
  }
}
