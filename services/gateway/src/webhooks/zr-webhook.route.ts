import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { registerRawBodyScope, WEBHOOK_BODY_LIMIT } from './raw-body-scope';
import { ZrWebhookReceiver } from './zr-webhook.receiver';

/** Where ZR Express sends an account's parcel events; delivery-zr registers it with the account. */
export const ZR_WEBHOOK_PATH = '/api/webhooks/zr/:accountId';

type ZrWebhookRequest = FastifyRequest<{ Params: { accountId?: unknown } }>;

/**
 * ZR Express's Svix-signed parcel events: the client address counted before the body is read;
 * delivery-zr checks the signature and answers.
 */
export function registerZrWebhookRoute(app: NestFastifyApplication): void {
  const receiver = app.get(ZrWebhookReceiver);
  registerRawBodyScope(app, (scope, limits) => {
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
