import {
  BadRequestException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';
import { requestContext } from '@tawsil/nest-common/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IDEMPOTENCY_KEY = /^[\w.:-]{8,100}$/;

/**
 * Runs each request inside its request id and, for writes, its idempotency key, so RPC calls and
 * logs downstream carry them. A client's `Idempotency-Key` is scoped to the signed-in user (or to
 * public calls); without one, each HTTP request gets a key of its own.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: Actor }>();
    context.switchToHttp().getResponse<FastifyReply>().header('x-request-id', request.id);
    const idempotencyKey = WRITE_METHODS.has(request.method) ? writeKey(request) : undefined;
    return new Observable((subscriber) =>
      requestContext.run({ requestId: String(request.id), idempotencyKey }, () =>
        next.handle().subscribe(subscriber),
      ),
    );
  }
}

function writeKey(request: FastifyRequest & { user?: Actor }): string {
  const given = request.headers['idempotency-key'];
  if (given === undefined) return `request:${randomUUID()}`;
  if (typeof given !== 'string' || !IDEMPOTENCY_KEY.test(given))
    throw new BadRequestException(
      "Idempotency-Key must be 8 to 100 characters: letters, digits, '-', '_', '.' or ':'",
    );
  return `${request.user?.userId ?? 'public'}:${given}`;
}
