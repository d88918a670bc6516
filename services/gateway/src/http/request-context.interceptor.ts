import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { requestContext } from '@tawsil/nest-common';
import type { FastifyReply } from 'fastify';
import { Observable } from 'rxjs';

/** Runs each request inside its request id, so RPC calls and logs downstream carry it. */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<{ id: string }>();
    context.switchToHttp().getResponse<FastifyReply>().header('x-request-id', request.id);
    return new Observable((subscriber) =>
      requestContext.run({ requestId: String(request.id) }, () => next.handle().subscribe(subscriber)),
    );
  }
}
