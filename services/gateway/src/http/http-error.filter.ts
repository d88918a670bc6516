import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { ErrorBody } from '@tawsil/contracts/http';
import { coded, describeMessage, type MessageCode, type MessageParams } from '@tawsil/contracts/messages';
import { isTransientError, ServiceError } from '@tawsil/nest-common/core';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { bodyTooLargeMessage } from './json-limits';

/** The code of a refusal whose text the catalogue does not hold, by its status. */
const CODE_BY_STATUS: Record<number, MessageCode> = {
  400: 'errors.bad_request',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.not_found',
  409: 'errors.conflict',
  413: 'errors.payload_too_large',
  422: 'errors.unprocessable',
  429: 'errors.too_many_requests',
  502: 'errors.bad_gateway',
  503: 'errors.unavailable',
};

/**
 * Every error answers `{message, code, params}`: a service's refusal with its own status, a
 * framework error with its status, and anything unexpected with a generic 500 whose reference is
 * in the logs. `message` is the English text; `code` the catalogue's code of that text (or of its
 * status when the text has none), which the web app translates with `params`.
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
    if (exception instanceof ServiceError) return [exception.status, withCode(exception.status, exception)];
    // Fastify's refusal of a body over its limit reaches here as an HttpException, in Fastify's words.
    if (exception instanceof HttpException && exception.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE)
      return [HttpStatus.PAYLOAD_TOO_LARGE, withCode(413, { message: bodyTooLargeMessage() })];
    if (exception instanceof HttpException)
      return [exception.getStatus(), withCode(exception.getStatus(), bodyOf(exception))];
    const statusCode = (exception as { statusCode?: unknown }).statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      // Fastify's own refusals, such as a body that is not valid JSON or is too large.
      return [statusCode, withCode(statusCode, { message: (exception as Error).message })];
    }
    if (isTransientError(exception)) {
      this.logger.warn(`Dependency unavailable: ${String(exception)}`);
      return [HttpStatus.SERVICE_UNAVAILABLE, coded('errors.unavailable')];
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'Unexpected error');
    return [HttpStatus.INTERNAL_SERVER_ERROR, coded('errors.internal', { reference: errorId })];
  }
}

interface Refusal {
  message: string;
  code?: string;
  params?: MessageParams;
}

/** The body of a refusal: its own code, else the catalogue's for its text, else its status's. */
function withCode(status: number, refusal: Refusal): ErrorBody {
  const { message } = refusal;
  const found = refusal.code ? refusal : describeMessage(message);
  const code =
    found?.code ?? CODE_BY_STATUS[status] ?? (status >= 500 ? 'errors.internal' : 'errors.bad_request');
  return found?.params ? { message, code, params: found.params } : { message, code };
}

function bodyOf(exception: HttpException): Refusal {
  const response = exception.getResponse();
  if (typeof response === 'string') return { message: response };
  const { message, code, params } = response as { message?: unknown; code?: unknown; params?: unknown };
  if (typeof code === 'string' && typeof message === 'string')
    return { message, code, params: params as MessageParams | undefined };
  // Several texts joined are no one text of the catalogue.
  if (Array.isArray(message))
    return {
      message: message.join('; '),
      code: CODE_BY_STATUS[exception.getStatus()] ?? 'errors.bad_request',
    };
  return { message: typeof message === 'string' ? message : exception.message };
}
