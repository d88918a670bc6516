import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Json, startCurrentApi } from './current-api-client';

describe('ZR Express sandbox, current API webhooks (Svix-signed) over HTTP', () => {
  let api: Awaited<ReturnType<typeof startCurrentApi>>;
  const call: typeof api.call = (...args) => api.call(...args);
  const control: typeof api.control = (...args) => api.control(...args);
  const homeParcel = (overrides?: Json) => api.homeParcel(overrides);

  let receiver: Server;
  let receiverUrl: string;
  const received: { headers: IncomingHttpHeaders; body: string; answered: number }[] = [];

  beforeAll(async () => {
    api = await startCurrentApi();
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
  afterAll(async () => {
    await api?.sandbox.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

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
