import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { RpcErrorPayload } from '@tawsil/contracts/http';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { throwError, type Observable } from 'rxjs';
import { ServiceError } from './service-error';
import { badInputError, classifySqlError, sqlStateOf } from './sqlstate';
import { isTransientError } from './transient-error';

/**
 * Turns whatever a service handler throws into the `{status, message}` the gateway maps to HTTP.
 * Unexpected errors are logged with a reference and answer a generic message.
 */
@Catch()
export class ServiceErrorFilter implements ExceptionFilter<unknown> {
  private readonly logger = new Logger('ServiceError');

  catch(exception: unknown, host: ArgumentsHost): Observable<RpcErrorPayload> | void {
    const payload = this.toPayload(exception);
    if (host.getType() === 'rpc') return throwError(() => payload);
    void host
      .switchToHttp()
      .getResponse<FastifyReply>()
      .status(payload.status)
      .send({ message: payload.message });
  }

  private toPayload(exception: unknown): RpcErrorPayload {
    if (exception instanceof ServiceError) return { status: exception.status, message: exception.message };
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      return { status: exception.getStatus() as RpcErrorPayload['status'], message: exception.message };
    }
    const sqlKind = classifySqlError(exception);
    if (sqlKind === 'bad-input') {
      this.logger.warn(`Refused a value PostgreSQL cannot take (SQLSTATE ${sqlStateOf(exception)})`);
      return { status: 400, message: badInputError(exception).message };
    }
    if (sqlKind === 'retry') {
      this.logger.warn(`Transaction kept conflicting (SQLSTATE ${sqlStateOf(exception)})`);
      return { status: 503, message: 'The service is busy, try again shortly' };
    }
    if (isTransientError(exception)) {
      this.logger.warn(`Dependency unavailable: ${String(exception)}`);
      return { status: 503, message: 'The service is temporarily unavailable, try again shortly' };
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'Unexpected error');
    return { status: 500, message: `Internal error (reference ${errorId})` };
  }
}
