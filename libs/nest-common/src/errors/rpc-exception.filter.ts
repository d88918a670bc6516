import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { RpcErrorPayload } from '@tawsil/contracts/http';
import { describeMessage, type MessageParams } from '@tawsil/contracts/messages';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { throwError, type Observable } from 'rxjs';
import { ServiceError } from './service-error';
import { badInputError, classifySqlError, sqlStateOf } from './sqlstate';
import { isTransientError } from './transient-error';

/**
 * Turns whatever a service handler throws into the `{status, message, code, params}` the gateway
 * maps to HTTP.
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
      .send({ message: payload.message, code: payload.code, params: payload.params });
  }

  private toPayload(exception: unknown): RpcErrorPayload {
    if (exception instanceof ServiceError) return withCoding(exception.status, exception);
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      const status = exception.getStatus() as RpcErrorPayload['status'];
      return withCoding(status, describeMessage(exception.message) ?? { message: exception.message });
    }
    const sqlKind = classifySqlError(exception);
    if (sqlKind === 'bad-input') {
      this.logger.warn(`Refused a value PostgreSQL cannot take (SQLSTATE ${sqlStateOf(exception)})`);
      return withCoding(400, badInputError(exception));
    }
    if (sqlKind === 'retry') {
      this.logger.warn(`Transaction kept conflicting (SQLSTATE ${sqlStateOf(exception)})`);
      return withCoding(503, ServiceError.unavailable('The service is busy, try again shortly'));
    }
    if (isTransientError(exception)) {
      this.logger.warn(`Dependency unavailable: ${String(exception)}`);
      return withCoding(
        503,
        ServiceError.unavailable('The service is temporarily unavailable, try again shortly'),
      );
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'Unexpected error');
    return { status: 500, message: `Internal error (reference ${errorId})` };
  }
}

/** The payload of a refusal: its English message, and its code and parameters when it has them. */
function withCoding(
  status: RpcErrorPayload['status'],
  error: { message: string; code?: string; params?: MessageParams },
): RpcErrorPayload {
  const payload: RpcErrorPayload = { status, message: error.message };
  if (error.code) payload.code = error.code;
  if (error.params) payload.params = error.params;
  return payload;
}
