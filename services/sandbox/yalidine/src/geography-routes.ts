import type { FastifyInstance } from 'fastify';
import { fail } from './errors';
import { feesBetween } from './fees';
import { centers, communes, wilayas } from './geography';
import { listAnswer } from './lists';

/** `/v1/wilayas`, `/v1/communes`, `/v1/centers` (stop desks) and `/v1/fees`. */
export function geographyRoutes(app: FastifyInstance, economicFees: () => boolean): void {
  app.get('/v1/wilayas', async (request) => listAnswer(request, wilayas, { by: 'id', descending: false }));
  app.get<{ Params: { id: string } }>('/v1/wilayas/:id', async (request) =>
    listAnswer(request, wilayas, { by: 'id', descending: false }, { id: request.params.id }),
  );
  app.get('/v1/communes', async (request) => listAnswer(request, communes, { by: 'id', descending: false }));
  app.get<{ Params: { id: string } }>('/v1/communes/:id', async (request) =>
    listAnswer(request, communes, { by: 'id', descending: false }, { id: request.params.id }),
  );
  app.get('/v1/centers', async (request) =>
    listAnswer(request, centers, { by: 'center_id', descending: false }),
  );
  app.get<{ Params: { id: string } }>('/v1/centers/:id', async (request) =>
    listAnswer(request, centers, { by: 'center_id', descending: false }, { center_id: request.params.id }),
  );

  app.get<{ Querystring: { from_wilaya_id?: string; to_wilaya_id?: string } }>(
    '/v1/fees',
    async (request, reply) => {
      const { from_wilaya_id: from, to_wilaya_id: to } = request.query;
      if (!from || !to) return fail(reply, 400, 'You must supply both from_wilaya_id and to_wilaya_id');
      const fees = feesBetween(Number(from), Number(to), economicFees());
      if (!fees) return fail(reply, 400, 'from_wilaya_id and to_wilaya_id must be wilaya ids from 1 to 58');
      return fees;
    },
  );
}
