import Fastify, { type FastifyInstance } from 'fastify';
import type { Inbox } from './inbox';

/** The inbox over HTTP: `GET /messages?to=` (newest first) and `DELETE /messages`. */
export function buildMailApi(inbox: Inbox): FastifyInstance {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.get('/health/ready', async () => ({ status: 'ok' }));
  app.get('/messages', async (request) => {
    const { to } = request.query as { to?: string };
    return inbox.list(typeof to === 'string' ? to : undefined);
  });
  app.delete('/messages', async (_request, reply) => {
    inbox.clear();
    return reply.status(204).send();
  });
  return app;
}
