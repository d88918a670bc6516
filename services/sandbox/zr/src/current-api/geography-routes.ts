import type { FastifyInstance } from 'fastify';
import { HUBS, hubById, TERRITORIES } from './geography';
import { matchesKeyword, page, pagingProblem, passes, type SearchBody } from './paging';
import { problem } from './problem';
import { defaultWorkflow } from './workflow';

interface TerritorySearch extends SearchBody {
  id?: string | null;
  deliveryType?: { value?: string | null } | null;
  includeUnavailable?: boolean;
}

/** Territory and hub search (paged, keyword accent-blind, advanced filters), and the workflows. */
export function registerGeography(app: FastifyInstance) {
  app.post<{ Body: TerritorySearch | undefined }>('/territories/search', async (request, reply) => {
    const body = request.body ?? {};
    const paging = pagingProblem(body);
    if (paging) return problem(reply, 400, 'Bad Request', paging);
    const type = body.deliveryType?.value;
    const items = TERRITORIES.filter(
      (territory) =>
        (!body.id || territory.id === body.id) &&
        (type !== 'home' || territory.delivery.hasHomeDelivery) &&
        (type !== 'pickup-point' || territory.delivery.hasPickupPoint) &&
        matchesKeyword(body.keyword, [territory.name, territory.nameArabic, String(territory.code)]) &&
        passes(territory, body.advancedFilter),
    );
    return page(items, body);
  });

  app.post<{ Body: SearchBody | undefined }>('/hubs/search', async (request, reply) => {
    const body = request.body ?? {};
    const paging = pagingProblem(body);
    if (paging) return problem(reply, 400, 'Bad Request', paging);
    const items = HUBS.filter(
      (hub) =>
        matchesKeyword(body.keyword, [hub.name, hub.address.city, hub.address.district]) &&
        passes(hub, body.advancedFilter),
    );
    return page(items, body);
  });

  // ZR serves a hub by id on POST, with a body.
  app.post<{ Params: { id: string } }>('/hubs/:id', async (request, reply) => {
    const hub = hubById(request.params.id);
    return hub ?? problem(reply, 404, 'HubErrors.HubNotFound', 'Hub not found');
  });

  app.post<{ Body: SearchBody | undefined }>('/workflows/search', async (request, reply) => {
    const body = request.body ?? {};
    const paging = pagingProblem(body);
    if (paging) return problem(reply, 400, 'Bad Request', paging);
    return page([defaultWorkflow()], body);
  });
}
