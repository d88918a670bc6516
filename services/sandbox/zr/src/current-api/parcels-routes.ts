import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { tenantOf } from './auth';
import { isUuid } from './ids';
import { matchesKeyword, page, pagingProblem, passes, type SearchBody } from './paging';
import {
  admitParcel,
  isRefusal,
  parcelResponse,
  stateHistoryResponse,
  type StoredParcel,
} from './parcel-model';
import { problem } from './problem';
import type { CurrentApiSettings } from './settings';
import type { Tenant } from './tenants';

const BULK_LIMIT = 100;

function lookUp(tenant: Tenant, key: string): StoredParcel | undefined {
  if (isUuid(key)) return tenant.parcels.get(key);
  return [...tenant.parcels.values()].find((parcel) => parcel.trackingNumber === key);
}

/**
 * Parcels: `POST /parcels` answers `{id}` only; `POST /parcels/bulk` up to 100 with per-index
 * failures (200 all created, 207 some, 400 none); reads by id or tracking number; state history by
 * id only; search; delete. `externalId` is not unique, as at ZR.
 */
export function registerParcels(app: FastifyInstance, settings: () => CurrentApiSettings) {
  const holdAnswerMaybe = async () => {
    const { timeoutAfterAcceptRate, timeoutAfterAcceptMs } = settings();
    if (timeoutAfterAcceptRate > 0 && Math.random() < timeoutAfterAcceptRate)
      await sleep(timeoutAfterAcceptMs);
  };

  app.post('/parcels', async (request, reply) => {
    const result = admitParcel(request.body, false);
    if (isRefusal(result)) {
      if (result.status === 404) return problem(reply, 404, result.title, result.detail);
      return problem(
        reply,
        400,
        'One or more validation errors occurred.',
        result.errors[0].description,
        result.errors,
      );
    }
    tenantOf(request).parcels.set(result.id, result);
    await holdAnswerMaybe();
    return reply.status(201).send({ id: result.id });
  });

  app.post<{ Body: { parcels?: unknown } | undefined }>('/parcels/bulk', async (request, reply) => {
    const items = request.body?.parcels;
    if (!Array.isArray(items) || items.length === 0)
      return problem(reply, 400, 'Bad Request', 'Parcels is required');
    if (items.length > BULK_LIMIT)
      return problem(
        reply,
        400,
        'Bad Request',
        `At most ${BULK_LIMIT} parcels can be created in one request`,
      );
    const tenant = tenantOf(request);
    const successes: {
      index: number;
      parcelId: string;
      trackingNumber: string;
      externalId: string | null;
    }[] = [];
    const failures: { index: number; errorCode: string; errorMessage: string; externalId: string | null }[] =
      [];
    items.forEach((item, index) => {
      const externalId = (item as { externalId?: string } | null)?.externalId ?? null;
      const result = admitParcel(item, true);
      if (!isRefusal(result)) {
        tenant.parcels.set(result.id, result);
        successes.push({ index, parcelId: result.id, trackingNumber: result.trackingNumber, externalId });
      } else if (result.status === 404) {
        failures.push({ index, errorCode: result.title, errorMessage: result.detail, externalId });
      } else {
        // One failure per broken rule: an index can appear several times.
        for (const error of result.errors)
          failures.push({ index, errorCode: error.code, errorMessage: error.description, externalId });
      }
    });
    await holdAnswerMaybe();
    const status = successes.length === 0 ? 400 : successes.length === items.length ? 200 : 207;
    return reply.status(status).send({
      totalRequested: items.length,
      successCount: successes.length,
      failureCount: items.length - successes.length,
      successes,
      failures,
    });
  });

  app.post<{ Body: (SearchBody & { stateIds?: string[] | null }) | undefined }>(
    '/parcels/search',
    async (request, reply) => {
      const body = request.body ?? {};
      const paging = pagingProblem(body);
      if (paging) return problem(reply, 400, 'Bad Request', paging);
      const tenant = tenantOf(request);
      const items = [...tenant.parcels.values()]
        .map((parcel) => parcelResponse(parcel, tenant.id))
        .filter(
          (parcel) =>
            (!body.stateIds?.length || body.stateIds.includes(parcel.state.id)) &&
            matchesKeyword(body.keyword, [parcel.trackingNumber, parcel.externalId, parcel.customer.name]) &&
            passes(parcel, body.advancedFilter),
        )
        .reverse();
      return page(items, body);
    },
  );

  const notFound = 'ParcelErrors.ParcelNotFound';

  app.get<{ Params: { key: string } }>('/parcels/:key', async (request, reply) => {
    const tenant = tenantOf(request);
    const parcel = lookUp(tenant, request.params.key);
    if (!parcel) return problem(reply, 404, notFound, `Parcel '${request.params.key}' not found`);
    return parcelResponse(parcel, tenant.id);
  });

  // The history takes the parcel's UUID only: a tracking number is 404, as at ZR.
  app.get<{ Params: { parcelId: string } }>('/parcels/:parcelId/state-history', async (request, reply) => {
    const parcel = tenantOf(request).parcels.get(request.params.parcelId);
    if (!parcel) return problem(reply, 404, notFound, `Parcel '${request.params.parcelId}' not found`);
    return stateHistoryResponse(parcel);
  });

  app.delete<{ Params: { key: string } }>('/parcels/:key', async (request, reply) => {
    const tenant = tenantOf(request);
    if (!isUuid(request.params.key) || !tenant.parcels.delete(request.params.key))
      return problem(reply, 404, notFound, `Parcel '${request.params.key}' not found`);
    return { id: request.params.key };
  });
}
