import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenClaims } from '@tawsil/contracts/identity';
import { USER_TYPES, type Actor } from '@tawsil/contracts/rpc';
import type { FastifyRequest } from 'fastify';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GatewayConfig } from '../config/gateway.config';
import { RevokedSessions } from '../sessions/revoked-sessions';
import { VerifiedTokens } from './verified-tokens';

export const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * Verifies identity's tokens: its public key, one algorithm, issuer, audience and expiry, and that
 * their session has not ended (a token without a session is refused). A verified token is
 * remembered until it expires (VerifiedTokens): JwtAuthGuard builds the actor of a known token
 * with `actorOf`, which checks the session again.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    config: GatewayConfig,
    private readonly revoked: RevokedSessions,
    readonly verified: VerifiedTokens,
  ) {
    super({
      jwtFromRequest: bearerToken,
      passReqToCallback: true,
      secretOrKey: config.JWT_PUBLIC_KEY,
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  validate(request: FastifyRequest, claims: TokenClaims): Actor | false {
    const actor = this.actorOf(claims);
    const token = bearerToken(request);
    if (actor && token) this.verified.add(token, claims);
    return actor;
  }

  actorOf(claims: TokenClaims): Actor | false {
    if (typeof claims.sub !== 'string' || !USER_TYPES.includes(claims.type)) return false;
    if (typeof claims.sid !== 'string' || this.revoked.has(claims.sid)) return false;
    // Store ids join the actor where a route needs them (ActorStores asks their owners).
    return { userId: claims.sub, name: claims.name, type: claims.type, storeIds: [], sessionId: claims.sid };
  }
}
