import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { ErrorBody } from '@tawsil/contracts/http';
import { isTransientError, ServiceError } from '@tawsil/nest-common/core';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { bodyTooLargeMessage } from './json-limits';

/**
 * Every error answers `{message}`: a service's refusal with its own status, a framework error with
 * its status, and anything unexpected with a generic 500 whose reference is in the logs.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const [status, body] = this.toResponse(exception);
    void host
      .switchToHttp()
      .getResponse<FastifyReply>()
      .status(status)
      .type('application/json; charset=utf-8')
      .send(body);
  }

  private toResponse(exception: unknown): [number, ErrorBody] {
    if (exception instanceof ServiceError) return [exception.status, { message: exception.message }];
    // Fastify's refusal of a body over its limit reaches here as an HttpException, in Fastify's words.
    if (exception instanceof HttpException && exception.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE)
      return [HttpStatus.PAYLOAD_TOO_LARGE, { message: bodyTooLargeMessage() }];
    if (exception instanceof HttpException) return [exception.getStatus(), { message: messageOf(exception) }];
    const statusCode = (exception as { statusCode?: unknown }).statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      // Fastify's own refusals, such as a body that is not valid JSON or is too large.
      return [statusCode, { message: (exception as Error).message }];
    }
    if (isTransientError(exception)) {
      this.logger.warn(`Dependency unavailable: ${String(exception)}`);
      return [HttpStatus.SERVICE_UNAVAILABLE, { message: 'Temporarily unavailable, try again shortly' }];
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'Unexpected error');
    return [
      HttpStatus.INTERNAL_SERVER_ERROR,
      { message: `Something went wrong on our side (reference ${errorId})` },
    ];
  }
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}
