import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { parcelResponse } from './parcel-model';
import { type CurrentApiSettings, updatedSettings } from './settings';
import type { Tenant, Tenants } from './tenants';
import type { WebhookSender } from './webhook-delivery';
import { stateByNameOrId } from './workflow';

interface Control {
  tenants: Tenants;
  defaultTenant: Tenant;
  sender: WebhookSender;
  settings: { get(): CurrentApiSettings; set(next: CurrentApiSettings): void };
}

const PREFIX = '/_sandbox/v1';

/** Control routes for tests and demos: tenants, parcels moved (with their webhooks), settings. */
export function registerControl(app: FastifyInstance, { tenants, defaultTenant, sender, settings }: Control) {
  const credentials = (tenant: Tenant) => ({
    tenantId: tenant.id,
    apiKey: tenant.apiKey,
    hasPriceList: tenant.hasPriceList,
  });

  app.get(`${PREFIX}/credentials`, async () => credentials(defaultTenant));

  app.post<{ Body: { hasPriceList?: unknown } | undefined }>(`${PREFIX}/tenants`, async (request, reply) => {
    const hasPriceList = request.body?.hasPriceList ?? true;
    if (typeof hasPriceList !== 'boolean')
      return reply.status(400).send({ message: 'hasPriceList must be true or false' });
    return reply.status(201).send(credentials(tenants.add({ hasPriceList })));
  });

  app.get(`${PREFIX}/parcels`, async () =>
    tenants
      .all()
      .flatMap((tenant) => [...tenant.parcels.values()].map((parcel) => parcelResponse(parcel, tenant.id))),
  );

  app.post<{
    Params: { id: string };
    Body: { state?: unknown; situation?: unknown; comment?: unknown } | undefined;
  }>(`${PREFIX}/parcels/:id/state`, async (request, reply) => {
    const tenant = tenants.all().find((candidate) => candidate.parcels.has(request.params.id));
    const parcel = tenant?.parcels.get(request.params.id);
    if (!tenant || !parcel) return reply.status(404).send({ message: `No parcel ${request.params.id}` });
    const state = stateByNameOrId(String(request.body?.state ?? ''));
    if (!state)
      return reply.status(400).send({ message: 'state must be a state name (slug) or id of the workflow' });
    const wanted = request.body?.situation;
    const situation = wanted === undefined ? null : state.situations.find((one) => one.slug === wanted);
    if (situation === undefined)
      return reply.status(400).send({
        message: `situation must be one of: ${state.situations.map((one) => one.slug).join(', ') || '(none)'}`,
      });
    const wasReturn = parcel.isReturn;
    parcel.isReturn = state.isReturn;
    parcel.history.push({
      id: randomUUID(),
      state,
      situation,
      comment: typeof request.body?.comment === 'string' ? request.body.comment : null,
      createdAt: new Date().toISOString(),
    });
    sender.emit(tenant, 'parcel.state.updated', parcel);
    if (situation) sender.emit(tenant, 'parcel.state.situation.created', parcel);
    if (wasReturn !== parcel.isReturn) sender.emit(tenant, 'parcel.isReturn.updated', parcel);
    return parcelResponse(parcel, tenant.id);
  });

  app.get(`${PREFIX}/webhooks/deliveries`, async () => sender.records);

  app.get(`${PREFIX}/settings`, async () => settings.get());
  app.post<{ Body: Record<string, unknown> | undefined }>(`${PREFIX}/settings`, async (request, reply) => {
    const next = updatedSettings(settings.get(), request.body ?? {});
    if (typeof next === 'string') return reply.status(400).send({ message: next });
    settings.set(next);
    return next;
  });
}
