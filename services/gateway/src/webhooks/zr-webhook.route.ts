import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GatewayConfig } from '../config/gateway.config';
import { HttpErrorFilter } from '../http/http-error.filter';
import { TooManyWebhooksException, WebhookLimits } from './webhook-limits';
import { replyHost, WEBHOOK_BODY_LIMIT } from './youcan-webhook.route';
import { ZrWebhookReceiver } from './zr-webhook.receiver';

/** Where ZR Express sends an account's parcel events; delivery-zr registers it with the account. */
export const ZR_WEBHOOK_PATH = '/api/webhooks/zr/:accountId';

type ZrWebhookRequest = FastifyRequest<{ Params: { accountId?: unknown } }>;

/**
 * As the YouCan route: a Fastify scope whose only body parser keeps the bytes as they came (Svix
 * signs them), the same body limit, the client address counted before the body is read, no
 * bearer token (the signature is the proof). delivery-zr checks the signature and answers.
 */
export function registerZrWebhookRoute(app: NestFastifyApplication): void {
  const receiver = app.get(ZrWebhookReceiver);
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
      ZR_WEBHOOK_PATH,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        onRequest: async (request: ZrWebhookRequest) => {
          await limits.countAddress(request.ip);
          receiver.accountOf(request.params);
        },
      },
      async (request: ZrWebhookRequest, reply: FastifyReply) => {
        const receipt = await receiver.receive(
          receiver.accountOf(request.params),
          request.body as Buffer | undefined,
          request.headers,
        );
        return reply.status(200).send(receipt);
      },
    );
  });
}
