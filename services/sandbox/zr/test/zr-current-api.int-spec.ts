import { stopDesksOf, WILAYAS } from '@tawsil/geo-dz';
import type { FastifyInstance } from 'fastify';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildZrSandbox } from '../src/app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PROCOLIS = { token: 'a'.repeat(64), key: 'b'.repeat(32) };

describe('ZR Express sandbox, current API (/api/v1) over HTTP', () => {
  let sandbox: FastifyInstance;
  let base: string;
  let auth: { tenantId: string; apiKey: string };

  beforeAll(async () => {
    sandbox = buildZrSandbox(PROCOLIS);
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
    auth = (await (await fetch(`${base}/_sandbox/v1/credentials`)).json()) as typeof auth;
  });
  afterAll(() => sandbox?.close());

  const call = async (method: string, path: string, body?: unknown, as = auth) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        'x-api-key': as.apiKey,
        'x-tenant': as.tenantId,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${base}/_sandbox/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const wilayas = async () =>
    (
      await call('POST', '/territories/search', {
        pageSize: 100,
        advancedFilter: { field: 'level', operator: 'eq', value: 'wilaya' },
      })
    ).body;
  const wilaya = async (code: number) => (await wilayas()).items.find((item: Json) => item.code === code);
  const communesOf = async (wilayaId: string) =>
    (
      await call('POST', '/territories/search', {
        pageSize: 1000,
        advancedFilter: { field: 'parentId', operator: 'eq', value: wilayaId },
      })
    ).body.items as Json[];

  const homeParcel = async (overrides: Json = {}) => {
    const alger = await wilaya(16);
    const [commune] = await communesOf(alger.id);
    return {
      customer: { name: 'Amina Benali', phone: { number1: '+213555123456' } },
      deliveryAddress: {
        cityTerritoryId: alger.id,
        districtTerritoryId: commune.id,
        street: 'Cité 200 logements',
      },
      deliveryType: 'home',
      orderedProducts: [{ productName: 'Montre connectée', quantity: 1, unitPrice: 5000, stockType: 'none' }],
      amount: 5300,
      description: 'Montre connectée',
      externalId: 'ORD-1',
      ...overrides,
    };
  };

  it('answers a tenant with its API key, and refuses a wrong key or a missing tenant', async () => {
    expect((await call('GET', '/users/profile')).status).toBe(200);
    expect((await call('GET', '/users/profile', undefined, { ...auth, apiKey: 'wrong' })).body).toMatchObject(
      {
        status: 401,
        title: 'Unauthorized',
      },
    );
    const other = (await control('/tenants', {})).body as typeof auth;
    expect((await call('GET', '/users/profile', undefined, { ...other, apiKey: auth.apiKey })).status).toBe(
      401,
    );
    expect((await call('GET', '/users/profile', undefined, { ...auth, tenantId: '' })).status).toBe(400);
  });

  it('keeps the same default tenant and the same territory ids after a restart', async () => {
    const again = buildZrSandbox(PROCOLIS);
    await again.listen({ port: 0, host: '127.0.0.1' });
    const otherBase = `http://127.0.0.1:${(again.server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${otherBase}/_sandbox/v1/credentials`)).json()).toEqual({
        ...auth,
        hasPriceList: true,
      });
      const search = await fetch(`${otherBase}/api/v1/territories/search`, {
        method: 'POST',
        headers: { 'x-api-key': auth.apiKey, 'x-tenant': auth.tenantId, 'content-type': 'application/json' },
        body: JSON.stringify({ keyword: 'Alger', pageSize: 1000 }),
      });
      const items = ((await search.json()) as Json).items as Json[];
      expect(items.find((item) => item.code === 16)?.id).toBe((await wilaya(16)).id);
    } finally {
      await again.close();
    }
  });

  it('lists the wilayas ZR serves, spelled without accents, with Arabic names and their communes', async () => {
    const page = await wilayas();
    expect(page.totalCount).toBe(54);
    for (const code of [33, 37, 50, 56])
      expect(page.items.some((item: Json) => item.code === code)).toBe(false);
    expect(await wilaya(6)).toMatchObject({
      name: 'Bejaia',
      nameArabic: 'بجاية',
      level: 'wilaya',
      parentId: null,
    });
    const accentBlind = await call('POST', '/territories/search', { keyword: 'béjaïa', pageSize: 5 });
    expect(accentBlind.body.items[0].name).toBe('Bejaia');
    const communes = await communesOf((await wilaya(16)).id);
    expect(communes).toHaveLength(WILAYAS.find((one) => one.code === 16)!.communes.length);
    expect(communes.every((commune) => commune.level === 'commune' && !/[À-ÿ]/.test(commune.name))).toBe(
      true,
    );
    const paged = await call('POST', '/territories/search', { pageSize: 10, pageNumber: 2 });
    expect(paged.body).toMatchObject({ pageNumber: 2, pageSize: 10, hasPrevious: true, hasNext: true });
    expect((await call('POST', '/territories/search', { pageSize: 5000 })).status).toBe(400);
  });

  it('serves one pickup-point hub per stop desk, each in a commune of its wilaya', async () => {
    const hubs = (await call('POST', '/hubs/search', { pageSize: 1000 })).body.items as Json[];
    const served = WILAYAS.filter((one) => ![33, 37, 50, 56].includes(one.code));
    expect(hubs).toHaveLength(served.reduce((sum, one) => sum + stopDesksOf(one.code).length, 0));
    const bejaia = await wilaya(6);
    const communes = await communesOf(bejaia.id);
    const inBejaia = hubs.filter((hub) => hub.address.cityTerritoryId === bejaia.id);
    expect(inBejaia).toHaveLength(stopDesksOf(6).length);
    for (const hub of inBejaia) {
      expect(hub.isPickupPoint).toBe(true);
      expect(communes.map((commune) => commune.id)).toContain(hub.address.districtTerritoryId);
    }
    expect((await call('POST', `/hubs/${inBejaia[0].id}`, {})).body.name).toBe(inBejaia[0].name);
  });

  it('prices every served wilaya, and answers 404 to a tenant without a price list', async () => {
    const { body } = await call('GET', '/delivery-pricing/rates');
    expect(body.rates).toHaveLength(54);
    const alger = body.rates.find((rate: Json) => rate.toTerritoryCode === 16);
    expect(alger.deliveryPrices.map((price: Json) => price.deliveryType)).toEqual(['home', 'pickup-point']);
    const one = await call('GET', `/delivery-pricing/rates/${alger.toTerritoryId}`);
    expect(one.body.deliveryPrices).toEqual(alger.deliveryPrices);
    const bare = (await control('/tenants', { hasPriceList: false })).body as typeof auth;
    expect((await call('GET', '/delivery-pricing/rates', undefined, bare)).body).toMatchObject({
      status: 404,
      title: 'PriceListErrors.PriceListNotFound',
    });
  });

  it('creates a parcel answering only its id; reads it by id and tracking number, history by id only', async () => {
    const created = await call('POST', '/parcels', await homeParcel());
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['id']);
    const byId = (await call('GET', `/parcels/${created.body.id}`)).body;
    expect(byId).toMatchObject({ externalId: 'ORD-1', amount: 5300, deliveryType: 'home', isReturn: false });
    expect(byId.trackingNumber).toMatch(/^16-[A-Z0-9]{10}-ZR$/);
    expect(byId.state).toMatchObject({ name: 'commande_recue', description: 'Commande reçue' });
    expect((await call('GET', `/parcels/${byId.trackingNumber}`)).body.id).toBe(created.body.id);
    const history = await call('GET', `/parcels/${created.body.id}/state-history`);
    expect(history.body.map((change: Json) => change.state.name)).toEqual(['commande_recue']);
    expect((await call('GET', `/parcels/${byId.trackingNumber}/state-history`)).status).toBe(404);
  });

  it('keeps two parcels with the same externalId, as ZR does', async () => {
    await call('POST', '/parcels', await homeParcel({ externalId: 'ORD-TWICE' }));
    await call('POST', '/parcels', await homeParcel({ externalId: 'ORD-TWICE' }));
    const found = await call('POST', '/parcels/search', {
      pageSize: 10,
      advancedFilter: { field: 'externalId', operator: 'eq', value: 'ORD-TWICE' },
    });
    expect(found.body.totalCount).toBe(2);
  });

  it('needs a real hub id for a pickup point: 400 without, 404 with a territory id', async () => {
    const without = await call('POST', '/parcels', await homeParcel({ deliveryType: 'pickup-point' }));
    expect(without.status).toBe(400);
    expect(without.body.errors).toContainEqual({
      code: 'NotEmptyValidator',
      description: 'HubId is required',
    });
    const parcel = await homeParcel({ deliveryType: 'pickup-point' });
    const territoryAsHub = await call('POST', '/parcels', {
      ...parcel,
      hubId: parcel.deliveryAddress.cityTerritoryId,
    });
    expect(territoryAsHub.body).toMatchObject({ status: 404, title: 'HubErrors.HubNotFound' });
    const hubs = (await call('POST', '/hubs/search', { pageSize: 1000 })).body.items as Json[];
    const hub = hubs.find((one) => one.address.cityTerritoryId === parcel.deliveryAddress.cityTerritoryId)!;
    const ok = await call('POST', '/parcels', { ...parcel, hubId: hub.id });
    expect(ok.status).toBe(201);
    expect((await call('GET', `/parcels/${ok.body.id}`)).body.deliveryAddress.hubName).toBe(hub.name);
  });

  it('creates in bulk: 207 with every failure of each index, 200 when all pass, at most 100', async () => {
    const good = await homeParcel({ externalId: 'BULK-0' });
    const unnamed = {
      ...(await homeParcel({ externalId: 'BULK-1', description: '' })),
      customer: { phone: good.customer.phone },
    };
    const nowhere = await homeParcel({ externalId: 'BULK-2' });
    nowhere.deliveryAddress = {
      ...nowhere.deliveryAddress,
      cityTerritoryId: '00000000-0000-4000-8000-000000000000',
    };
    const mixed = await call('POST', '/parcels/bulk', { parcels: [good, unnamed, nowhere] });
    expect(mixed.status).toBe(207);
    expect(mixed.body).toMatchObject({ totalRequested: 3, successCount: 1, failureCount: 2 });
    expect(mixed.body.successes).toEqual([
      {
        index: 0,
        parcelId: expect.any(String),
        trackingNumber: expect.stringMatching(/-ZR$/),
        externalId: 'BULK-0',
      },
    ]);
    expect(mixed.body.failures.map((failure: Json) => [failure.index, failure.errorMessage])).toEqual([
      [1, 'Name is required'],
      [1, 'Description is required'],
      [2, 'City territory not found'],
    ]);
    expect((await call('POST', '/parcels/bulk', { parcels: [good] })).status).toBe(200);
    expect((await call('POST', '/parcels/bulk', { parcels: [unnamed] })).status).toBe(400);
    expect((await call('POST', '/parcels/bulk', { parcels: Array(101).fill(good) })).status).toBe(400);
  });

  it('hands out label PDFs behind signed links that expire', async () => {
    const { body } = await call('POST', '/parcels', await homeParcel({ externalId: 'ORD-LABEL' }));
    const { trackingNumber } = (await call('GET', `/parcels/${body.id}`)).body;
    const labels = await call('POST', '/parcels/labels/individual/pdf', {
      trackingNumbers: [trackingNumber, 'NOPE'],
    });
    expect(labels.body.failedTrackingNumbers).toEqual(['NOPE']);
    const [{ fileUrl }] = labels.body.parcelLabelFiles;
    const file = await fetch(fileUrl);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await file.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain(`(${trackingNumber}) Tj`);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    expect((await fetch(fileUrl.replace(/sig=./, 'sig=_'))).status).toBe(403);
    await control('/settings', { labelUrlTtlMs: 0 });
    const expired = (
      await call('POST', '/parcels/labels/individual/pdf', { trackingNumbers: [trackingNumber] })
    ).body;
    expect((await fetch(expired.parcelLabelFiles[0].fileUrl)).status).toBe(403);
    await control('/settings', { labelUrlTtlMs: 65 * 60_000 });
  });

  it('describes the default workflow: 23 states in order, with their transitions', async () => {
    const [workflow] = (await call('POST', '/workflows/search', { pageSize: 10 })).body.items;
    expect(workflow.states).toHaveLength(23);
    expect(workflow.states.slice(0, 3).map((state: Json) => state.name)).toEqual([
      'commande_recue',
      'en_traitement',
      'appel_confirmation',
    ]);
    const ids = new Set(workflow.states.map((state: Json) => state.id));
    for (const state of workflow.states)
      for (const transition of state.transitions) expect(ids.has(transition.toStateId)).toBe(true);
  });

  it('fails calls when told to, and can create parcels then hold its answer', async () => {
    await control('/settings', { failureRate: 1 });
    expect((await call('GET', '/users/profile')).status).toBe(500);
    await control('/settings', { failureRate: 0, timeoutAfterAcceptRate: 1, timeoutAfterAcceptMs: 1_000 });
    const held = call('POST', '/parcels', await homeParcel({ externalId: 'ORD-HELD' }));
    expect(await Promise.race([held.then(() => 'answered'), sleep(300).then(() => 'held')])).toBe('held');
    const parcels = (await control('/parcels')).body as unknown as Json[];
    expect(parcels.some((parcel) => parcel.externalId === 'ORD-HELD')).toBe(true);
    expect((await held).status).toBe(201);
    await control('/settings', { timeoutAfterAcceptRate: 0 });
    expect((await control('/settings', { failureRate: 2 })).status).toBe(400);
  });

  describe('webhooks', () => {
    let receiver: Server;
    let receiverUrl: string;
    const received: { headers: IncomingHttpHeaders; body: string; answered: number }[] = [];

    beforeAll(async () => {
      // Answers 500 to the first delivery of each message, then 204: the sandbox must retry.
      receiver = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        request.on('end', () => {
          const seen = received.some((one) => one.headers['svix-id'] === request.headers['svix-id']);
          const answered = seen ? 204 : 500;
          received.push({ headers: request.headers, body, answered });
          response.writeHead(answered).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/zr`;
    });
    afterAll(() => new Promise((resolve) => receiver?.close(resolve)));

    /** Svix's check, written from its documentation rather than from the sandbox's code. */
    const signedBy = (secret: string, headers: IncomingHttpHeaders, body: string) => {
      const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
      const content = `${headers['svix-id']}.${headers['svix-timestamp']}.${body}`;
      const expected = createHmac('sha256', key).update(content).digest('base64');
      const fresh = Math.abs(Date.now() / 1000 - Number(headers['svix-timestamp'])) < 300;
      return fresh && String(headers['svix-signature']).split(' ').includes(`v1,${expected}`);
    };

    it('registers an endpoint and delivers signed events, retrying a failed one with the same svix-id', async () => {
      const registered = await call('POST', '/webhooks/endpoints', {
        url: receiverUrl,
        description: 'Tawsil',
        eventTypes: ['parcel.state.updated', 'parcel.state.situation.created', 'parcel.isReturn.updated'],
        headers: { 'x-store': 'ma-boutique' },
      });
      expect(registered.status).toBe(201);
      expect(registered.body.id).toMatch(/^ep_/);
      expect((await call('GET', '/webhooks/endpoints')).body.endpoints.map((one: Json) => one.id)).toContain(
        registered.body.id,
      );
      const { secret } = (await call('GET', `/webhooks/endpoints/${registered.body.id}/secret`)).body;
      expect(secret).toMatch(/^whsec_/);
      expect(
        (await call('POST', '/webhooks/endpoints', { url: receiverUrl, eventTypes: ['parcel.created'] }))
          .status,
      ).toBe(400);

      await control('/settings', { webhookRetryDelaysMs: [50, 50] });
      const { body } = await call('POST', '/parcels', await homeParcel({ externalId: 'ORD-HOOK' }));
      expect((await control(`/parcels/${body.id}/state`, { state: 'en_retour' })).status).toBe(200);

      const deadline = Date.now() + 10_000;
      while (received.filter((one) => one.answered === 204).length < 2 && Date.now() < deadline)
        await sleep(20);
      const ids = [...new Set(received.map((one) => one.headers['svix-id']))];
      expect(ids).toHaveLength(2);
      for (const id of ids) {
        const attempts = received.filter((one) => one.headers['svix-id'] === id);
        expect(attempts.map((one) => one.answered)).toEqual([500, 204]);
        expect(attempts[1].body).toBe(attempts[0].body);
      }
      for (const one of received) {
        expect(signedBy(secret, one.headers, one.body)).toBe(true);
        expect(signedBy(secret, one.headers, one.body.replace('ORD-HOOK', 'ORD-FAKE'))).toBe(false);
        expect(one.headers['x-store']).toBe('ma-boutique');
      }
      const events = received.map((one) => JSON.parse(one.body) as Json);
      expect(new Set(events.map((event) => event.eventType))).toEqual(
        new Set(['parcel.state.updated', 'parcel.isReturn.updated']),
      );
      for (const event of events) {
        expect(event.data).toMatchObject({ id: body.id, externalId: 'ORD-HOOK', isReturn: true });
        expect(event.data.state.name).toBe('en_retour');
      }
      const deliveries = (await control('/webhooks/deliveries')).body as unknown as Json[];
      expect(deliveries.filter((one) => one.parcelId === body.id).every((one) => one.delivered)).toBe(true);
    });

    it('stops retrying after the configured attempts when the endpoint keeps failing', async () => {
      const gone = await call('POST', '/webhooks/endpoints', {
        url: 'http://127.0.0.1:9/unreachable',
        eventTypes: ['parcel.state.updated'],
      });
      await control('/settings', { webhookRetryDelaysMs: [10, 10] });
      const { body } = await call('POST', '/parcels', await homeParcel({ externalId: 'ORD-GONE' }));
      await control(`/parcels/${body.id}/state`, { state: 'en_traitement' });
      const record = async () =>
        ((await control('/webhooks/deliveries')).body as unknown as Json[]).find(
          (one) => one.parcelId === body.id && one.endpointId === gone.body.id,
        )!;
      const deadline = Date.now() + 10_000;
      while ((await record()).attempts.length < 3 && Date.now() < deadline) await sleep(20);
      expect(await record()).toMatchObject({ delivered: false, attempts: [{}, {}, {}] });
      expect((await call('DELETE', `/webhooks/endpoints/${gone.body.id}`)).status).toBe(204);
    });
  });
});
