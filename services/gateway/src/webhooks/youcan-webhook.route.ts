import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { registerRawBodyScope, WEBHOOK_BODY_LIMIT } from './raw-body-scope';
import { YoucanWebhookReceiver } from './youcan-webhook.receiver';

export const YOUCAN_WEBHOOK_PATH = '/api/webhooks/youcan';

type WebhookRequest = FastifyRequest<{ Querystring: { store?: unknown; key?: unknown } }>;

/**
 * YouCan's `order.create` deliveries, checked on their raw bytes. Before the body is even read, the
 * address and then the store (once its key is checked) are counted.
 */
export function registerYoucanWebhookRoute(app: NestFastifyApplication): void {
  const receiver = app.get(YoucanWebhookReceiver);
  registerRawBodyScope(app, (scope, limits) => {
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
