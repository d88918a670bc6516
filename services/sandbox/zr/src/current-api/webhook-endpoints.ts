import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { tenantOf } from './auth';
import { problem } from './problem';

export const EVENT_TYPES = [
  'parcel.state.updated',
  'parcel.state.situation.created',
  'parcel.isReturn.updated',
];

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  headers: Record<string, string>;
  /** Svix's form: `whsec_` and the base64 of the HMAC key. */
  secret: string;
  createdAt: string;
  updatedAt: string;
}

interface EndpointBody {
  url?: unknown;
  description?: unknown;
  eventTypes?: unknown;
  headers?: unknown;
}

/** The body's problem in words, or undefined. `partial` allows absent fields (an update). */
function bodyProblem(body: EndpointBody, partial: boolean): string | undefined {
  if (!(partial && body.url === undefined)) {
    try {
      if (!['http:', 'https:'].includes(new URL(String(body.url)).protocol))
        return 'Url must be an http(s) URL';
    } catch {
      return 'Url must be an http(s) URL';
    }
  }
  if (!(partial && body.eventTypes === undefined)) {
    const types = body.eventTypes;
    if (!Array.isArray(types) || types.length === 0) return 'EventTypes is required';
    const unknown = types.find((type) => !EVENT_TYPES.includes(type));
    if (unknown !== undefined)
      return `Unknown event type '${String(unknown)}'; known: ${EVENT_TYPES.join(', ')}`;
  }
  if (body.headers !== undefined && body.headers !== null) {
    const ok =
      typeof body.headers === 'object' &&
      Object.values(body.headers).every((value) => typeof value === 'string');
    if (!ok) return 'Headers must map names to text';
  }
  return undefined;
}

const view = ({ secret: _secret, headers: _headers, ...endpoint }: WebhookEndpoint) => endpoint;

/** `/webhooks/endpoints`: register, list, read, update, delete, and read the secret and headers. */
export function registerWebhookEndpoints(app: FastifyInstance) {
  app.post<{ Body: EndpointBody | undefined }>('/webhooks/endpoints', async (request, reply) => {
    const body = request.body ?? {};
    const wrong = bodyProblem(body, false);
    if (wrong) return problem(reply, 400, 'Bad Request', wrong);
    const now = new Date().toISOString();
    const endpoint: WebhookEndpoint = {
      id: `ep_${randomBytes(14).toString('base64url')}`,
      url: String(body.url),
      description: typeof body.description === 'string' ? body.description : null,
      eventTypes: body.eventTypes as string[],
      headers: (body.headers ?? {}) as Record<string, string>,
      secret: `whsec_${randomBytes(24).toString('base64')}`,
      createdAt: now,
      updatedAt: now,
    };
    tenantOf(request).endpoints.set(endpoint.id, endpoint);
    const { updatedAt: _updatedAt, ...created } = view(endpoint);
    return reply.status(201).send(created);
  });

  app.get('/webhooks/endpoints', async (request) => ({
    endpoints: [...tenantOf(request).endpoints.values()].map(view),
  }));

  type ById = { Params: { endpointId: string } };
  const find = (request: Parameters<typeof tenantOf>[0] & { params: { endpointId: string } }) =>
    tenantOf(request).endpoints.get(request.params.endpointId);
  const notFound = 'Webhook endpoint not found';

  app.get<ById>('/webhooks/endpoints/:endpointId', async (request, reply) => {
    const endpoint = find(request);
    if (!endpoint) return problem(reply, 404, 'Not Found', notFound);
    return { ...view(endpoint), headers: { headers: endpoint.headers, sensitive: [] } };
  });

  app.put<ById & { Body: EndpointBody | undefined }>(
    '/webhooks/endpoints/:endpointId',
    async (request, reply) => {
      const endpoint = find(request);
      if (!endpoint) return problem(reply, 404, 'Not Found', notFound);
      const body = request.body ?? {};
      const wrong = bodyProblem(body, true);
      if (wrong) return problem(reply, 400, 'Bad Request', wrong);
      if (body.url !== undefined) endpoint.url = String(body.url);
      if (typeof body.description === 'string') endpoint.description = body.description;
      if (body.eventTypes !== undefined) endpoint.eventTypes = body.eventTypes as string[];
      if (body.headers) endpoint.headers = body.headers as Record<string, string>;
      endpoint.updatedAt = new Date().toISOString();
      const { createdAt: _createdAt, ...updated } = view(endpoint);
      return updated;
    },
  );

  app.delete<ById>('/webhooks/endpoints/:endpointId', async (request, reply) => {
    if (!tenantOf(request).endpoints.delete(request.params.endpointId))
      return problem(reply, 404, 'Not Found', notFound);
    return reply.status(204).send();
  });

  app.get<ById>('/webhooks/endpoints/:endpointId/secret', async (request, reply) => {
    const endpoint = find(request);
    return endpoint ? { secret: endpoint.secret } : problem(reply, 404, 'Not Found', notFound);
  });

  app.get<ById>('/webhooks/endpoints/:endpointId/headers', async (request, reply) => {
    const endpoint = find(request);
    if (!endpoint) return problem(reply, 404, 'Not Found', notFound);
    return { headers: { headers: endpoint.headers, sensitive: [] } };
  });
}
