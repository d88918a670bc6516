import type { ServiceErrorStatus } from '@tawsil/contracts/http';
import { describeMessage, type CodedMessage, type MessageParams } from '@tawsil/contracts/messages';

/** What a refusal says besides its English text: the catalogue's code and its parameters. */
export interface MessageCoding {
  code?: string;
  params?: MessageParams;
}

/**
 * A refusal a service means to send to the caller: the gateway answers it with the same status and
 * `{message, code, params}`. The message is English; its code is the one given (`coded(…)`), or
 * the catalogue's for that text, found from the text itself. Anything else thrown in a service is
 * an unexpected error and answers a generic 500.
 */
export class ServiceError extends Error {
  readonly code?: string;
  readonly params?: MessageParams;

  constructor(
    readonly status: ServiceErrorStatus,
    message: string | CodedMessage,
    coding?: MessageCoding,
  ) {
    const text = typeof message === 'string' ? message : message.message;
    super(text);
    this.name = 'ServiceError';
    const found = coding?.code ? coding : typeof message === 'string' ? describeMessage(text) : message;
    if (found?.code) this.code = found.code;
    if (found?.params) this.params = found.params;
  }

  static badRequest(message: string | CodedMessage) {
    return new ServiceError(400, message);
  }
  static unauthorized(message: string | CodedMessage) {
    return new ServiceError(401, message);
  }
  static forbidden(message: string | CodedMessage) {
    return new ServiceError(403, message);
  }
  static notFound(message: string | CodedMessage) {
    return new ServiceError(404, message);
  }
  static conflict(message: string | CodedMessage) {
    return new ServiceError(409, message);
  }
  static unprocessable(message: string | CodedMessage) {
    return new ServiceError(422, message);
  }
  /** A third party (a carrier, a store platform) failed to answer. */
  static badGateway(message: string | CodedMessage) {
    return new ServiceError(502, message);
  }
  static unavailable(message: string | CodedMessage) {
    return new ServiceError(503, message);
  }
}
