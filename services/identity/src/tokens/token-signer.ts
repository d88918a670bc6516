import { Injectable } from '@nestjs/common';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenClaims } from '@tawsil/contracts/identity';
import jwt from 'jsonwebtoken';

/** Signs access tokens with identity's private key; the gateway verifies them with the public key. */
@Injectable()
export class TokenSigner {
  constructor(
    private readonly privateKey: string,
    private readonly ttl: string,
  ) {}

  sign(claims: TokenClaims): string {
    const { sub, ...rest } = claims;
    return jwt.sign(rest, this.privateKey, {
      algorithm: TOKEN_ALGORITHM,
      subject: sub,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      expiresIn: this.ttl as jwt.SignOptions['expiresIn'],
    });
  }
}
