import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenClaims } from '@tawsil/contracts/identity';
import { USER_TYPES, type Actor } from '@tawsil/contracts/rpc';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GatewayConfig } from '../config/gateway.config';
import { RevokedSessions } from '../sessions/revoked-sessions';

/**
 * Verifies identity's tokens: its public key, one algorithm, issuer, audience and expiry, and that
 * their session has not ended (a token without a session is refused).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    config: GatewayConfig,
    private readonly revoked: RevokedSessions,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.JWT_PUBLIC_KEY,
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  validate(claims: TokenClaims): Actor | false {
    if (typeof claims.sub !== 'string' || !USER_TYPES.includes(claims.type)) return false;
    if (typeof claims.sid !== 'string' || this.revoked.has(claims.sid)) return false;
    // Store ids join the actor where a route needs them (ActorStores asks their owners).
    return { userId: claims.sub, name: claims.name, type: claims.type, storeIds: [], sessionId: claims.sid };
  }
}
