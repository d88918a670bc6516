import type { FastifyInstance, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { problem } from './problem';
import type { Tenant, Tenants } from './tenants';

const TENANT_OF = new WeakMap<FastifyRequest, Tenant>();

/** The tenant whose `X-Api-Key` and `X-Tenant` the request carried (set by the auth hook). */
export function tenantOf(request: FastifyRequest): Tenant {
  const tenant = TENANT_OF.get(request);
  if (!tenant) throw new Error('tenantOf called on a route outside the authenticated API');
  return tenant;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Every call needs `X-Tenant` (400 without) and that tenant's `X-Api-Key` (401 otherwise). */
export function registerAuth(app: FastifyInstance, tenants: Tenants) {
  app.addHook('preHandler', async (request, reply) => {
    const tenantId = request.headers['x-tenant'];
    const apiKey = request.headers['x-api-key'];
    if (typeof tenantId !== 'string' || tenantId === '')
      return problem(reply, 400, 'Bad Request', 'The X-Tenant header is required');
    const tenant = tenants.get(tenantId);
    if (!tenant || typeof apiKey !== 'string' || !sameText(apiKey, tenant.apiKey))
      return problem(reply, 401, 'Unauthorized', 'Invalid API key or tenant');
    TENANT_OF.set(request, tenant);
  });
  app.get('/users/profile', async (request) => {
    const tenant = tenantOf(request);
    return { id: tenant.id, firstName: 'Sandbox', lastName: 'Supplier', email: null, tenantId: tenant.id };
  });
}
