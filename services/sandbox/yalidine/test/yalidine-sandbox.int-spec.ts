import { communesOf } from '@tawsil/geo-dz';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildYalidineSandbox } from '../src/app';
import { STATUSES } from '../src/statuses';
import { waitFor, WebhookReceiver } from './webhook-receiver';

interface List<T> {
  has_more: boolean;
  total_data: number;
  data: T[];
  links: { next?: string };
}
type Row = Record<string, unknown>;

describe('Yalidine sandbox over HTTP', () => {
  let sandbox: FastifyInstance;
  let base: string;
  let credentials: { apiId: string; apiToken: string };
  const receiver = new WebhookReceiver();
  let hooks: string;

  beforeAll(async () => {
    sandbox = buildYalidineSandbox();
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
    credentials = (await (await fetch(`${base}/_sandbox/credentials`)).json()) as typeof credentials;
    hooks = await receiver.start();
  });
  afterAll(async () => {
    await sandbox?.close();
    await receiver.stop();
  });

  const call = (method: string, path: string, body?: unknown, auth = credentials) =>
    fetch(`${base}/v1/${path}`, {
      method,
      headers: {
        'X-API-ID': auth.apiId,
        'X-API-TOKEN': auth.apiToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const read = async <T = Row>(path: string) => (await (await call('GET', path)).json()) as T;
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${base}/_sandbox/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Row };
  };
  const parcel = (overrides: Row = {}) => ({
    order_id: `ORD-${Math.random().toString(36).slice(2, 8)}`,
    from_wilaya_name: 'Alger',
    firstname: 'Amina',
    familyname: 'Benali',
    contact_phone: '0555123456',
    address: 'Cité 200 logements',
    to_commune_name: 'Bab Ezzouar',
    to_wilaya_name: 'Alger',
    product_list: 'Montre connectée Pro',
    price: 5300,
    do_insurance: false,
    declared_value: 5300,
    length: 20,
    width: 10,
    height: 10,
    weight: 1,
    freeshipping: false,
    is_stopdesk: false,
    has_exchange: false,
    ...overrides,
  });
  const create = async (...items: Row[]) =>
    (await (await call('POST', 'parcels/', items)).json()) as Record<string, Row>;
  const statusOf = async (tracking: string) =>
    (await read<List<Row>>(`parcels/${tracking}`)).data[0]?.last_status;

  it('answers the documented quotas in its headers, and refuses wrong credentials with 401', async () => {
    const response = await call('GET', 'wilayas/');
    expect(response.status).toBe(200);
    expect(['second', 'minute', 'hour', 'day'].map((w) => response.headers.get(`x-${w}-quota-left`))).toEqual(
      ['4', '49', '999', '9999'],
    );
    expect(
      (await call('GET', 'wilayas/', undefined, { ...credentials, apiToken: 'x'.repeat(64) })).status,
    ).toBe(401);
  });

  it('answers 429 with Retry-After and no quota left once a quota is spent', async () => {
    await control('settings', { quotaPerMinute: 2 });
    await control('quotas/reset', {});
    expect((await call('GET', 'wilayas/')).headers.get('x-minute-quota-left')).toBe('1');
    await call('GET', 'wilayas/');
    const over = await call('GET', 'wilayas/');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(over.headers.get('x-minute-quota-left')).toBe('0');
    await control('settings', { quotaPerSecond: 10_000, quotaPerMinute: 10_000, quotaPerHour: 10_000 });
    await control('quotas/reset', {});
    expect((await call('GET', 'wilayas/')).status).toBe(200);
  });

  it('lists 58 wilayas, pages communes, and names the stop desks (centers) of a wilaya', async () => {
    const all = await read<List<Row>>('wilayas/');
    expect(all.total_data).toBe(58);
    expect(all.data[15]).toMatchObject({ id: 16, name: 'Alger', zone: 1, is_deliverable: 1 });
    const page = await read<List<Row>>('communes/?wilaya_id=16&page_size=10');
    expect(page).toMatchObject({ has_more: true, total_data: communesOf(16).length });
    expect(page.data).toHaveLength(10);
    expect(page.links.next).toContain('page=2');
    const centers = await read<List<Row>>('centers/?wilaya_id=16');
    expect(centers.total_data).toBeGreaterThan(1);
    const desk = centers.data[0];
    const commune = await read<List<Row>>(`communes/${String(desk.commune_id)}`);
    expect(commune.data[0]).toMatchObject({ name: desk.commune_name, has_stop_desk: 1 });
    expect((await read<List<Row>>('centers/?wilaya_id=54')).total_data).toBe(0);
    expect(await (await call('GET', 'communes/?page_size=5000')).json()).toEqual({
      error: { code: 400, message: 'page_size must be a whole number from 1 to 1000' },
    });
  });

  it('prices every commune of the destination, express and (when the account has them) economic', async () => {
    const fees = await read<{ zone: number; per_commune: Record<string, Row> }>(
      'fees/?from_wilaya_id=16&to_wilaya_id=31',
    );
    const rows = Object.values(fees.per_commune);
    expect(rows).toHaveLength(communesOf(31).length);
    for (const row of rows) {
      expect(row.express_home).toEqual(expect.any(Number));
      expect(row.economic_home).toBeNull();
    }
    await control('settings', { economicFees: 1 });
    const economic = await read<{ per_commune: Record<string, Row> }>(
      'fees/?from_wilaya_id=16&to_wilaya_id=31',
    );
    expect(Object.values(economic.per_commune)[0].economic_home).toEqual(expect.any(Number));
    await control('settings', { economicFees: 0 });
    const south = await read<{ per_commune: Record<string, Row> }>('fees/?from_wilaya_id=16&to_wilaya_id=54');
    expect(Object.values(south.per_commune).every((row) => row.express_desk === null)).toBe(true);
    expect((await call('GET', 'fees/?from_wilaya_id=16')).status).toBe(400);
  });

  it('creates parcels from a JSON array with partial success, keyed by order_id', async () => {
    const [desk] = (await read<List<Row>>('centers/?wilaya_id=31')).data;
    const home = parcel({ order_id: 'A-1' });
    const stop = parcel({
      order_id: 'A-2',
      to_wilaya_name: 'Oran',
      to_commune_name: desk.commune_name,
      is_stopdesk: true,
      stopdesk_id: desk.center_id,
    });
    const bad = parcel({ order_id: 'A-3', do_insurance: 'yes' });
    const noDesk = parcel({ order_id: 'A-4', is_stopdesk: true });
    const answer = await create(home, stop, bad, noDesk);
    expect(answer['A-1']).toMatchObject({
      success: true,
      tracking: expect.stringMatching(/^yal-/),
      message: '',
    });
    expect(answer['A-2'].success).toBe(true);
    expect(answer['A-3']).toMatchObject({
      success: false,
      tracking: null,
      message: 'The do_insurance parameter must be of type boolean',
    });
    expect(answer['A-4'].message).toBe('The stopdesk_id parameter is required when is_stopdesk is true');

    const [created] = (await read<List<Row>>(`parcels/${String(answer['A-2'].tracking)}`)).data;
    expect(created).toMatchObject({
      order_id: 'A-2',
      last_status: 'En préparation',
      stopdesk_name: desk.name,
      is_stopdesk: 1,
      to_wilaya_id: 31,
    });
    expect(created.delivery_fee).toEqual(expect.any(Number));
    expect((await read<List<Row>>('parcels/?order_id=A-1,A-3')).total_data).toBe(1);
    expect((await read<List<Row>>('parcels/yal-NOPE00')).total_data).toBe(0);
    const twice = await call('POST', 'parcels/', [parcel({ order_id: 'B' }), parcel({ order_id: 'B' })]);
    expect(twice.status).toBe(400);
  });

  it('edits and deletes a parcel only while it is "En préparation"', async () => {
    const made = await create(parcel({ order_id: 'E-1' }), parcel({ order_id: 'E-2' }));
    const [first, second] = [made['E-1'].tracking, made['E-2'].tracking] as string[];
    const edited = await call('PATCH', `parcels/${first}`, { firstname: 'Mustapha', price: 4000 });
    expect(await edited.json()).toMatchObject({ tracking: first, firstname: 'Mustapha', price: 4000 });
    const badEdit = await call('PATCH', `parcels/${first}`, { to_commune_name: 'Oran' });
    expect(await badEdit.json()).toEqual({
      error: { code: 400, message: 'The to_commune_name parameter is not a commune of Alger' },
    });
    await control(`parcels/${first}/status`, { status: 'Prêt à expédier' });
    expect((await call('PATCH', `parcels/${first}`, { firstname: 'X' })).status).toBe(400);
    expect(await (await call('DELETE', `parcels/?tracking=${first},${second}`)).json()).toEqual([
      { tracking: first, deleted: false },
      { tracking: second, deleted: true },
    ]);
  });

  it('moves parcels along their way to "Livré", with a history line per status', async () => {
    await control('settings', { returnShare: 0 });
    const tracking = String((await create(parcel({ order_id: 'H-1' })))['H-1'].tracking);
    while ((await control('parcels/advance', {})).body.moved !== 0);
    expect(await statusOf(tracking)).toBe('Livré');
    const history = await read<List<Row>>(`histories/${tracking}`);
    expect(history.data[0]).toMatchObject({ status: 'Livré', tracking, wilaya_id: 16 });
    expect(history.data.at(-1)?.status).toBe('En préparation');
    expect(history.data.every((line) => STATUSES.includes(line.status as (typeof STATUSES)[number]))).toBe(
      true,
    );
    expect((await read<List<Row>>(`parcels/${tracking}`)).data[0].payment_status).toBe('ready');
    const failed = await control(`parcels/${tracking}/status`, { status: 'Tentative échouée' });
    expect(failed.body.last_status).toBe('Tentative échouée');
    expect(
      (await read<List<Row>>(`histories/?tracking=${tracking}&status=Tentative échouée`)).data[0].reason,
    ).toBe('Client ne répond pas');
    expect((await control(`parcels/${tracking}/status`, { status: 'Perdu' })).status).toBe(400);
  });

  it('serves each label and the labels of one creation as PDF pages behind their links', async () => {
    const made = await create(parcel({ order_id: 'L-1' }), parcel({ order_id: 'L-2' }));
    const one = await fetch(String(made['L-1'].label));
    expect(one.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await one.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('/Count 1');
    expect(
      Buffer.from(await (await fetch(String(made['L-1'].labels))).arrayBuffer()).toString('latin1'),
    ).toContain('/Count 2');
    expect((await fetch(String(made['L-1'].label).replace(/token=.*/, 'token=forged'))).status).toBe(403);
  });

  it('keeps a webhook once it echoes crc_token, then posts batched, signed events', async () => {
    expect((await control('webhooks', { url: `${hooks}/mute` })).status).toBe(400);
    const subscribed = await control('webhooks', { url: `${hooks}/ok` });
    expect(subscribed.status).toBe(201);
    receiver.secrets.set('/ok', String(subscribed.body.secret));

    const made = await create(parcel({ order_id: 'W-1' }), parcel({ order_id: 'W-2' }));
    await waitFor('two parcel_created events', () => receiver.events('/ok', 'parcel_created').length === 2);
    const batch = receiver.deliveries.find((d) => d.body.type === 'parcel_created');
    expect(batch?.signatureValid).toBe(true);
    expect(batch?.body.events.map((e) => e.data.order_id).sort()).toEqual(['W-1', 'W-2']);

    const tracking = String(made['W-1'].tracking);
    await control(`parcels/${tracking}/status`, { status: 'Prêt à expédier' });
    await waitFor('the status event', () => receiver.events('/ok', 'parcel_status_updated').length === 1);
    const [event] = receiver.events('/ok', 'parcel_status_updated');
    expect(event).toMatchObject({ event_id: expect.any(String), occurred_at: expect.any(String) });
    expect(event.data).toMatchObject({ tracking, order_id: 'W-1', status: 'Prêt à expédier' });
    expect(receiver.deliveries.every((d) => d.signatureValid)).toBe(true);
    await fetch(`${base}/_sandbox/webhooks/${String(subscribed.body.id)}`, { method: 'DELETE' });
  });

  it('retries a refused delivery with the same events, and disables the webhook after 7 retries', async () => {
    await control('settings', { webhookRetryMs: 5 });
    const flaky = await control('webhooks', { url: `${hooks}/flaky`, events: ['parcel_created'] });
    receiver.secrets.set('/flaky', String(flaky.body.secret));
    const refusing = await control('webhooks', { url: `${hooks}/refuse`, events: ['parcel_created'] });
    await create(parcel({ order_id: 'R-1' }));
    await waitFor('the third try', () => receiver.events('/flaky', 'parcel_created').length === 1);
    const ids = receiver.events('/flaky', 'parcel_created').map((e) => e.event_id);
    expect(receiver.refused.filter((r) => r.path === '/flaky').map((r) => r.eventIds)).toEqual([ids, ids]);
    const byId = async (id: unknown) =>
      ((await control('webhooks')).body as unknown as Row[]).find((hook) => hook.id === id);
    await waitFor(
      'the refusing webhook disabled',
      async () => (await byId(refusing.body.id))?.active === false,
    );
    expect(receiver.refused.filter((r) => r.path === '/refuse')).toHaveLength(8);
    expect(await byId(flaky.body.id)).toMatchObject({ active: true, delivered: 1, failedAttempts: 2 });
  });

  it('checks its settings', async () => {
    expect(await control('settings', { failureRate: 2 })).toEqual({
      status: 400,
      body: { message: 'failureRate must be a number from 0 to 1' },
    });
    expect((await control('settings', { speed: 1 })).status).toBe(400);
  });
});
