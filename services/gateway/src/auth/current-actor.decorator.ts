import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';

/** The verified caller of the request, as the JWT guard built it. */
export const CurrentActor = createParamDecorator(
  (_: unknown, context: ExecutionContext): Actor => context.switchToHttp().getRequest<{ user: Actor }>().user,
);
