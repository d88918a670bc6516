import type { ArgumentsHost } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GatewayConfig } from '../config/gateway.config';
import { HttpErrorFilter } from '../http/http-error.filter';
import { TooManyWebhooksException, WebhookLimits } from './webhook-limits';
import { YoucanWebhookReceiver } from './youcan-webhook.receiver';

export const YOUCAN_WEBHOOK_PATH = '/api/webhooks/youcan';
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

type WebhookRequest = FastifyRequest<{ Querystring: { store?: unknown; key?: unknown } }>;

/**
 * The webhook route lives in a Fastify scope of its own whose only body parser keeps the bytes as
 * they came: the signature is checked on them, and JSON is parsed only once it matches. Before the
 * body is even read, the address and then the store (once its key is checked) are counted.
 */
export function registerYoucanWebhookRoute(app: NestFastifyApplication): void {
  const receiver = app.get(YoucanWebhookReceiver);
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

    scope.post(
      YOUCAN_WEBHOOK_PATH,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        onRequest: async (request: WebhookRequest) => {
          await limits.countAddress(request.ip);
          await limits.countStore(receiver.storeOf(request.query));
        },
      },
      async (request: WebhookRequest, reply: FastifyReply) => {
        const storeId = receiver.storeOf(request.query);
        await receiver.receive(
          storeId,
          request.body as Buffer | undefined,
          request.headers['x-youcan-signature'],
        );
        return reply.status(200).send({ received: true });
      },
    );
  });
}

/** The reply as the shape HttpErrorFilter answers through, so a webhook route's errors read like every other. */
export function replyHost(reply: FastifyReply): ArgumentsHost {
  return { switchToHttp: () => ({ getResponse: () => reply }) } as unknown as ArgumentsHost;
}
