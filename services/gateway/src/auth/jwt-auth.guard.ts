import { Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_PUBLIC } from '@tawsil/nest-common';

export const AUTH_REQUIRED = 'Sign in to continue: a valid bearer token is required';

/** Applied to every route: only those marked @Public() answer without a valid token. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    return isPublic || super.canActivate(context);
  }

  override handleRequest<T>(error: unknown, actor: T): T {
    if (error || !actor) throw new UnauthorizedException(AUTH_REQUIRED);
    return actor;
  }
}
