import { Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Actor } from '@tawsil/contracts/rpc';
import { IS_PUBLIC } from '@tawsil/nest-common/core';
import type { FastifyRequest } from 'fastify';
import { bearerToken, JwtStrategy } from './jwt.strategy';

export const AUTH_REQUIRED = 'Sign in to continue: a valid bearer token is required';

/**
 * Applied to every route: only those marked @Public() answer without a valid token. A token
 * verified before (and not expired) skips the signature check, never the session check.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: JwtStrategy,
  ) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: Actor }>();
    const token = bearerToken(request);
    const claims = token ? this.strategy.verified.get(token) : undefined;
    if (!claims) return super.canActivate(context);
    const actor = this.strategy.actorOf(claims);
    if (!actor) throw new UnauthorizedException(AUTH_REQUIRED);
    request.user = actor;
    return true;
  }

  override handleRequest<T>(error: unknown, actor: T): T {
    if (error || !actor) throw new UnauthorizedException(AUTH_REQUIRED);
    return actor;
  }
}
