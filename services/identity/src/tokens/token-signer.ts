import { Injectable } from '@nestjs/common';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenClaims } from '@tawsil/contracts/identity';
import jwt from 'jsonwebtoken';

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Signs access tokens with identity's private key; the gateway verifies them with the public key. */
@Injectable()
export class TokenSigner {
  /** How long a token stays valid, in milliseconds. */
  readonly ttlMs: number;

  constructor(
    private readonly privateKey: string,
    ttl: string,
  ) {
    const [, amount, unit] = /^(\d+)([smhd])$/.exec(ttl) ?? [];
    if (!amount) throw new Error(`Bad token lifetime ${ttl}`);
    this.ttlMs = Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  }

  sign(claims: TokenClaims): string {
    const { sub, ...rest } = claims;
    return jwt.sign(rest, this.privateKey, {
      algorithm: TOKEN_ALGORITHM,
      subject: sub,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      expiresIn: Math.floor(this.ttlMs / 1000),
    });
  }
}
