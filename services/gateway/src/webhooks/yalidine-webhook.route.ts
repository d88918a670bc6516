import { BadRequestException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { registerRawBodyScope, WEBHOOK_BODY_LIMIT } from './raw-body-scope';
import { YalidineWebhookReceiver } from './yalidine-webhook.receiver';

/** Where the owner points the account's webhook in Yalidine's dashboard. */
export const YALIDINE_WEBHOOK_PATH = '/api/webhooks/yalidine/:accountId';

/** Yalidine's tokens are short; anything longer is not one. */
const CRC_TOKEN = /^[A-Za-z0-9._~-]{1,200}$/;

type YalidineWebhookRequest = FastifyRequest<{
  Params: { accountId?: unknown };
  Querystring: { crc_token?: unknown };
}>;

/**
 * Yalidine's signed batches, the client address counted before the body is read. GET answers
 * Yalidine's `crc_token` check with the token as plain text, for a Yalidine account only; POST
 * hands the batch to delivery-zr, which answers.
 */
export function registerYalidineWebhookRoute(app: NestFastifyApplication): void {
  const receiver = app.get(YalidineWebhookReceiver);
  registerRawBodyScope(app, (scope, limits) => {
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
