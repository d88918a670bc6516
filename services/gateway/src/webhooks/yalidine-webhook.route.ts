import { BadRequestException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GatewayConfig } from '../config/gateway.config';
import { HttpErrorFilter } from '../http/http-error.filter';
import { TooManyWebhooksException, WebhookLimits } from './webhook-limits';
import { YalidineWebhookReceiver } from './yalidine-webhook.receiver';
import { replyHost, WEBHOOK_BODY_LIMIT } from './youcan-webhook.route';

/** Where the owner points the account's webhook in Yalidine's dashboard. */
export const YALIDINE_WEBHOOK_PATH = '/api/webhooks/yalidine/:accountId';

/** Yalidine's tokens are short; anything longer is not one. */
const CRC_TOKEN = /^[A-Za-z0-9._~-]{1,200}$/;

type YalidineWebhookRequest = FastifyRequest<{
  Params: { accountId?: unknown };
  Querystring: { crc_token?: unknown };
}>;

/**
 * As the ZR route: a Fastify scope whose only body parser keeps the bytes as they came (Yalidine
 * signs them), the same body limit, the client address counted before the body is read, no bearer
 * token (the signature is the proof). GET answers Yalidine's `crc_token` check with the token as
 * plain text, for a Yalidine account only; POST hands the batch to delivery-zr, which answers.
 */
export function registerYalidineWebhookRoute(app: NestFastifyApplication): void {
  const receiver = app.get(YalidineWebhookReceiver);
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

    const onRequest = async (request: YalidineWebhookRequest) => {
      await limits.countAddress(request.ip);
      receiver.accountOf(request.params);
    };

    scope.get(
      YALIDINE_WEBHOOK_PATH,
      { onRequest },
      async (request: YalidineWebhookRequest, reply: FastifyReply) => {
        const accountId = receiver.accountOf(request.params);
        const token = request.query.crc_token;
        if (typeof token !== 'string' || !CRC_TOKEN.test(token))
          throw new BadRequestException('crc_token is required');
        await receiver.handshake(accountId);
        return reply
          .status(200)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(token);
      },
    );

    scope.post(
      YALIDINE_WEBHOOK_PATH,
      { bodyLimit: WEBHOOK_BODY_LIMIT, onRequest },
      async (request: YalidineWebhookRequest, reply: FastifyReply) => {
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
