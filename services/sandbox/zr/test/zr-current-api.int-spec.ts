import { stopDesksOf, WILAYAS } from '@tawsil/geo-dz';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildZrSandbox } from '../src/app';
import { type Json, PROCOLIS, startCurrentApi } from './current-api-client';

describe('ZR Express sandbox, current API (/api/v1) over HTTP', () => {
  let api: Awaited<ReturnType<typeof startCurrentApi>>;
  beforeAll(async () => {
    api = await startCurrentApi();
  });
  afterAll(() => api?.sandbox.close());

  const call: typeof api.call = (...args) => api.call(...args);
  const control: typeof api.control = (...args) => api.control(...args);
  const wilayas = () => api.wilayas();
  const wilaya = (code: number) => api.wilaya(code);
  const communesOf = (id: string) => api.communesOf(id);
  const homeParcel = (overrides?: Json) => api.homeParcel(overrides);

  it('answers a tenant with its API key, and refuses a wrong key or a missing tenant', async () => {
    expect((await call('GET', '/users/profile')).status).toBe(200);
    expect(
      (await call('GET', '/users/profile', undefined, { ...api.auth, apiKey: 'wrong' })).body,
    ).toMatchObject({
      status: 401,
      title: 'Unauthorized',
    });
    const other = (await control('/tenants', {})).body as typeof api.auth;
    expect(
      (await call('GET', '/users/profile', undefined, { ...other, apiKey: api.auth.apiKey })).status,
    ).toBe(401);
    expect((await call('GET', '/users/profile', undefined, { ...api.auth, tenantId: '' })).status).toBe(400);
  });

  it('keeps the same default tenant and the same territory ids after a restart', async () => {
    const again = buildZrSandbox(PROCOLIS);
    await again.listen({ port: 0, host: '127.0.0.1' });
    const otherBase = `http://127.0.0.1:${(again.server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${otherBase}/_sandbox/v1/credentials`)).json()).toEqual({
        ...api.auth,
        hasPriceList: true,
      });
      const search = await fetch(`${otherBase}/api/v1/territories/search`, {
        method: 'POST',
        headers: {
          'x-api-key': api.auth.apiKey,
          'x-tenant': api.auth.tenantId,
          'content-type': 'application/json',
        },
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
    const bare = (await control('/tenants', { hasPriceList: false })).body as typeof api.auth;
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
    // Every offset in the cross-reference table points at the object it names.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
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
});
