import { EnvelopeSigner } from '@tawsil/nest-common';
import {
  addZrAccount,
  authorizeStore,
  invitationTokenIn,
  metricValue,
  ordersOf,
  sandbox,
  scrapeMetrics,
  TestSystem,
  type TestUser,
  waitFor,
  zrCredentials,
} from '@tawsil/testing';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * What crosses Redis: no password, ZR key or OAuth code in clear, and no request a service acts on
 * unless the gateway (or a service, for the calls it may make) signed it.
 */
describe('Trust on the RPC bus', () => {
  let system: TestSystem;
  let owner: TestUser;
  let victimStore: string;
  /**
   * Every command Redis ran, as MONITOR reports it, read off a plain socket: ioredis's monitor mode
   * takes the first lines for replies when Redis is busy ("Command queue state error").
   */
  let seen = '';
  let monitor: Socket;

  beforeAll(async () => {
    system = await TestSystem.shared({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
      zrSandbox: true,
    });
    const server = new URL(system.redis.url);
    monitor = connect(Number(server.port || 6379), server.hostname);
    monitor.on('data', (chunk: Buffer) => (seen += chunk.toString()));
    const resp = (...args: string[]) =>
      `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`;
    if (server.password)
      monitor.write(
        resp('AUTH', decodeURIComponent(server.username || 'default'), decodeURIComponent(server.password)),
      );
    monitor.write(resp('MONITOR'));
    await waitFor(
      'MONITOR to start',
      async () => seen,
      (text) => text.includes('+OK'),
    );
  }, 120_000);
  afterAll(() => monitor?.destroy());

  it('carries no password, ZR key or OAuth code in clear during register, login, linking a store and adding a ZR account', async () => {
    const password = `pw-${randomUUID()}`;
    const email = `amina-${randomUUID().slice(0, 6)}@shop.dz`;
    const registered = await system.request('POST', '/api/users/register', {
      name: 'Amina',
      email,
      password,
    });
    expect(registered.status).toBe(201);
    const loggedIn = await system.request('POST', '/api/users/login', { email, password });
    expect(loggedIn.status).toBe(200);
    owner = { id: registered.body._id as string, token: loggedIn.body.token as string, email, name: 'Amina' };

    const { callback, landing, cookie } = await authorizeStore(system, owner, 'sealed-shop');
    expect(landing.searchParams.get('linked')).toBe('sealed-shop');
    const code = callback.searchParams.get('code')!;
    expect(code.length).toBeGreaterThan(8);
    const linkNonce = cookie.split('=')[1];
    expect(linkNonce.length).toBeGreaterThan(8);

    const { apiKey, apiSecret } = await zrCredentials(system);
    await addZrAccount(system, owner);

    await sleep(300); // MONITOR lines arrive after the answers
    const commands = seen;
    expect(commands).toContain('rpc:identity:requests'); // the monitor did see the requests
    expect(commands).toContain('rpc:delivery-zr:requests');
    for (const secret of [password, code, linkNonce, apiKey, apiSecret])
      expect(commands).not.toContain(secret);
  });

  it('carries no invitation token in clear, from opening the mailed link to registering from it', async () => {
    const stores = await system.request('GET', '/api/stores/youcan', undefined, owner.token);
    const storeId = (stores.body as unknown as { _id: string }[])[0]._id;
    const email = `agent-${randomUUID().slice(0, 6)}@shop.dz`;
    expect(
      (await system.request('POST', `/api/confirmateur/${storeId}`, { email }, owner.token)).status,
    ).toBe(202);
    const token = invitationTokenIn((await system.waitForMail(email)).links)!;
    const password = `pw-${randomUUID()}`;
    expect((await system.request('POST', '/api/invitations/open', { token })).status).toBe(200);
    const joined = await system.request('POST', '/api/invitations/register', {
      token,
      name: 'Agent',
      password,
    });
    expect(joined.status).toBe(201);

    await sleep(300);
    const commands = seen;
    expect(commands).toContain('identity.invitation.register.v1');
    for (const secret of [token, password]) expect(commands).not.toContain(secret);
  });

  describe('requests put on the bus by someone else', () => {
    let forger: Redis;
    let listener: Redis;
    type Answer = { id: string; response?: unknown; err?: { status: number; message: string } };
    const answers = new Map<string, Answer>();

    beforeAll(async () => {
      const stores = await system.request('GET', '/api/stores/youcan', undefined, owner.token);
      const storeId = (stores.body as unknown as { _id: string }[])[0]._id;
      victimStore = storeId;
      await sandbox(system, 'POST', '/_sandbox/stores/sealed-shop/orders', { count: 3 });
      await waitFor(
        'orders',
        () => ordersOf(system, storeId),
        (n) => n === 3,
      );
      forger = new Redis(system.redis.url);
      listener = new Redis(system.redis.url);
      listener.on('message', (_channel: string, raw: string) => {
        const message = JSON.parse(raw) as Answer;
        answers.set(message.id, message);
      });
      await listener.subscribe('rpc:replies:forger');
    });
    afterAll(() => {
      forger?.disconnect();
      listener?.disconnect();
    });

    /** XADDs a request as a client would, signed or not, and waits for its answer. */
    async function forge(
      pattern: string,
      envelope: unknown,
      sign?: { signer: EnvelopeSigner; deadline?: number },
    ) {
      const id = randomUUID();
      const entry = {
        pattern,
        deadline: String(sign?.deadline ?? Date.now() + 5000),
        data: JSON.stringify(envelope),
      };
      const signature = sign ? ['signer', sign.signer.signer, 'signature', sign.signer.sign(entry)] : [];
      const service = pattern.slice(0, pattern.indexOf('.'));
      await forger.xadd(
        `rpc:${service}:requests`,
        '*',
        'id',
        id,
        'pattern',
        entry.pattern,
        'data',
        entry.data,
        'replyTo',
        'rpc:replies:forger',
        'deadline',
        entry.deadline,
        'requestId',
        id,
        ...signature,
      );
      const answer = await waitFor(`the answer to ${pattern}`, async () => answers.get(id), Boolean);
      return answer!;
    }

    const madeUpOwner = () => ({
      actor: { userId: randomUUID(), name: 'Intruder', type: 'owner', storeIds: [victimStore] },
      data: { storeId: victimStore },
    });
    const REFUSED = {
      status: 403,
      message: 'Request refused: it does not come signed from a trusted caller',
    };

    it('refuses an unsigned orders.order.list.v1 with a made-up owner, and returns nothing of the store', async () => {
      const answer = await forge('orders.order.list.v1', madeUpOwner());
      expect(answer).toMatchObject({ err: REFUSED });
      expect(answer.response).toBeUndefined();
      expect(JSON.stringify(answer)).not.toContain(victimStore);
    });

    it("refuses it signed with a key that is not the gateway's, or by a service not allowed that pattern", async () => {
      const impostor = new EnvelopeSigner('gateway', Buffer.alloc(32, 7).toString('base64'));
      expect(await forge('orders.order.list.v1', madeUpOwner(), { signer: impostor })).toMatchObject({
        err: REFUSED,
      });
      const orders = new EnvelopeSigner('delivery-zr', system.rpcKeys.signing['delivery-zr']);
      expect(await forge('orders.order.list.v1', madeUpOwner(), { signer: orders })).toMatchObject({
        err: REFUSED,
      });
    });

    it('refuses a gateway signature far beyond any deadline, and a sealed field sent in clear', async () => {
      const gateway = new EnvelopeSigner('gateway', system.rpcKeys.signing.gateway);
      const farAhead = { signer: gateway, deadline: Date.now() + 3_600_000 };
      expect(await forge('orders.order.list.v1', madeUpOwner(), farAhead)).toMatchObject({ err: REFUSED });
      const clear = { data: { email: owner.email, password: 'guess' } };
      expect(await forge('identity.user.login.v1', clear, { signer: gateway })).toMatchObject({
        err: REFUSED,
      });
    });

    it('answers a public ping that carries no actor, unsigned', async () => {
      const answer = await forge('orders.health.ping.v1', { data: null });
      expect(answer).toMatchObject({ response: { service: 'orders' } });
    });

    it('refuses a signed request without an actor unless its pattern is public, before its handler runs', async () => {
      const gateway = new EnvelopeSigner('gateway', system.rpcKeys.signing.gateway);
      const noActor = await forge(
        'orders.order.list.v1',
        { data: { storeId: victimStore } },
        { signer: gateway },
      );
      expect(noActor).toMatchObject({
        err: { status: 403, message: 'Request refused: only a public pattern is answered without a caller' },
      });
      expect(noActor.response).toBeUndefined();
      const lookup = { data: { confirmateurId: randomUUID() } };
      expect(await forge('identity.membership.store-ids.v1', lookup, { signer: gateway })).toMatchObject({
        response: [],
      });
      const [orders] = system.instances('orders');
      const metrics = await scrapeMetrics(orders.metricsUrl);
      expect(metricValue(metrics, 'tawsil_rpc_refused_total', { reason: 'no-actor' })).toBeGreaterThanOrEqual(
        1,
      );
    });

    it('logs each refusal without what the request carried, and counts it', async () => {
      const [orders] = system.instances('orders');
      const refusals = orders.linesWith('Refused orders.order.list.v1');
      expect(refusals.length).toBeGreaterThanOrEqual(4);
      expect(refusals.every((line) => line.level === 40)).toBe(true);
      expect(JSON.stringify(refusals)).not.toContain('Intruder');
      const metrics = await scrapeMetrics(orders.metricsUrl);
      expect(metricValue(metrics, 'tawsil_rpc_refused_total', { reason: 'unsigned' })).toBeGreaterThanOrEqual(
        1,
      );
      expect(
        metricValue(metrics, 'tawsil_rpc_refused_total', { reason: 'bad-signature' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        metricValue(metrics, 'tawsil_rpc_refused_total', { reason: 'not-allowed' }),
      ).toBeGreaterThanOrEqual(1);
      expect(metricValue(metrics, 'tawsil_rpc_refused_total', { reason: 'expired' })).toBeGreaterThanOrEqual(
        1,
      );
    });
  });
});
