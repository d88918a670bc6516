import type { ServiceErrorStatus } from '@tawsil/contracts/http';

/**
 * A refusal a service means to send to the caller: the gateway answers it with the same status and
 * `{message}`. Anything else thrown in a service is an unexpected error and answers a generic 500.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: ServiceErrorStatus,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  static badRequest(message: string) {
    return new ServiceError(400, message);
  }
  static unauthorized(message: string) {
    return new ServiceError(401, message);
  }
  static forbidden(message: string) {
    return new ServiceError(403, message);
  }
  static notFound(message: string) {
    return new ServiceError(404, message);
  }
  static conflict(message: string) {
    return new ServiceError(409, message);
  }
  static unprocessable(message: string) {
    return new ServiceError(422, message);
  }
  /** A third party (a carrier, a store platform) failed to answer. */
  static badGateway(message: string) {
    return new ServiceError(502, message);
  }
  static unavailable(message: string) {
    return new ServiceError(503, message);
  }
}
