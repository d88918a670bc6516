import type { ArgumentsHost } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { GatewayConfig } from '../config/gateway.config';
import { HttpErrorFilter } from '../http/http-error.filter';
import { TooManyWebhooksException, WebhookLimits } from './webhook-limits';

export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Registers webhook routes in a Fastify scope of their own whose only body parser keeps the bytes
 * as they came: the signature is checked on them, and JSON is parsed only once it matches. Their
 * errors read like every other route's, a 429 with its Retry-After. No bearer token: the
 * signature is the proof.
 */
export function registerRawBodyScope(
  app: NestFastifyApplication,
  routes: (scope: FastifyInstance, limits: WebhookLimits) => void,
): void {
  const config = app.get(GatewayConfig);
  const limits = new WebhookLimits(
    app.get<ThrottlerStorage>(ThrottlerStorage, { strict: false }),
    config.WEBHOOK_ADDRESS_LIMIT_PER_MINUTE,
    config.WEBHOOK_STORE_LIMIT_PER_MINUTE,
  );
  const errors = new HttpErrorFilter();

  void app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error, _request, reply) => {
      if (error instanceof TooManyWebhooksException) reply.header('retry-after', error.retryAfterSeconds);
      errors.catch(error, replyHost(reply));
    });
    routes(scope, limits);
  });
}

/** The reply as the shape HttpErrorFilter answers through, so a webhook route's errors read like every other. */
function replyHost(reply: FastifyReply): ArgumentsHost {
  return { switchToHttp: () => ({ getResponse: () => reply }) } as unknown as ArgumentsHost;
}
