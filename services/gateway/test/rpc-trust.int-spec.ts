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

  /** The secrets a test saw over HTTP: none may appear in what crossed Redis. */
  const secrets: Record<string, string> = {};
  /** An access token, and its signature alone (what makes it usable). */
  const addToken = (name: string, token: unknown) => {
    expect(typeof token).toBe('string');
    secrets[name] = token as string;
    secrets[`${name} (signature)`] = (token as string).split('.')[2];
  };
  const refreshCookieOf = (headers: Headers) =>
    headers
      .getSetCookie()
      .find((line) => line.startsWith('tawsil_refresh='))!
      .split(';')[0];
  async function expectNoSecretCrossedRedis() {
    await sleep(300); // MONITOR lines arrive after the answers
    const commands = seen;
    const found = Object.entries(secrets)
      .filter(([, secret]) => commands.includes(secret))
      .map(([name]) => name);
    expect(found).toEqual([]);
  }

  it('carries no password, token, refresh secret, ZR key, OAuth state or code in clear during register, login, refresh, linking a store and adding a ZR account', async () => {
    const password = `pw-${randomUUID()}`;
    const email = `amina-${randomUUID().slice(0, 6)}@shop.dz`;
    const registered = await system.request('POST', '/api/users/register', {
      name: 'Amina',
      email,
      password,
    });
    expect(registered.status).toBe(201);
    addToken('register token', registered.body.token);
    const loggedIn = await system.request('POST', '/api/users/login', { email, password });
    expect(loggedIn.status).toBe(200);
    addToken('login token', loggedIn.body.token);
    owner = { id: registered.body._id as string, token: loggedIn.body.token as string, email, name: 'Amina' };
    const cookie = refreshCookieOf(loggedIn.headers);
    const refreshed = await system.request('POST', '/api/auth/refresh', undefined, undefined, { cookie });
    expect(refreshed.status).toBe(200);
    addToken('refreshed token', refreshed.body.token);
    secrets['refresh secret'] = cookie.split('.')[1];
    secrets['next refresh secret'] = refreshCookieOf(refreshed.headers).split('.')[1];

    const { callback, landing, cookie: linkCookie } = await authorizeStore(system, owner, 'sealed-shop');
    expect(landing.searchParams.get('linked')).toBe('sealed-shop');
    secrets['OAuth code'] = callback.searchParams.get('code')!;
    secrets['OAuth state'] = callback.searchParams.get('state')!;
    secrets['link nonce'] = linkCookie.split('=')[1];

    const { apiKey, apiSecret } = await zrCredentials(system);
    await addZrAccount(system, owner);
    Object.assign(secrets, { password, 'ZR key': apiKey, 'ZR secret': apiSecret });
    for (const [name, secret] of Object.entries(secrets))
      expect([name, secret.length > 8]).toEqual([name, true]);

    await sleep(300);
    expect(seen).toContain('rpc:identity:requests'); // the monitor did see the requests and answers
    expect(seen).toContain('identity.session.refresh.v1');
    expect(seen).toContain('rpc:delivery-zr:requests');
    expect(seen).toMatch(/"publish" "rpc:replies:gateway:[\w-]+" .*sealed:x1:/);
    await expectNoSecretCrossedRedis();
  });

  it('carries no invitation token, password or access token in clear, from opening the mailed link to registering from it', async () => {
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
    addToken('invitation-register token', joined.body.token);
    Object.assign(secrets, { 'invitation token': token, 'agent password': password });

    expect(seen).toContain('identity.invitation.register.v1');
    await expectNoSecretCrossedRedis();
  });

  describe('requests put on the bus by someone else', () => {
    let forger: Redis;
    let listener: Redis;
    type Answer = { id: string; response?: unknown; err?: { status: number; message: string } };
    /** Every answer published on the channels below, by request id. */
    const answers = new Map<string, Answer>();
    const heard: string[] = [];
    const CHANNELS = [
      'rpc:replies:forger',
      'rpc:replies:attacker',
      'rpc:replies:gateway:forger',
      'rpc:replies:delivery-zr:forger',
    ];

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
      listener.on('message', (channel: string, raw: string) => {
        heard.push(`${channel} ${raw}`);
        const message = JSON.parse(raw) as Answer;
        answers.set(message.id, message);
      });
      await listener.subscribe(...CHANNELS);
    });
    afterAll(() => {
      forger?.disconnect();
      listener?.disconnect();
    });

    /** How many requests the orders service refused for this reason, over its instances. */
    async function refusals(reason: string) {
      let total = 0;
      for (const instance of system.instances('orders'))
        total += metricValue(await scrapeMetrics(instance.metricsUrl), 'tawsil_rpc_refused_total', {
          reason,
        });
      return total;
    }

    /** XADDs a request as a client would, signed or not; answers its id. */
    async function forge(
      pattern: string,
      envelope: unknown,
      options: { signer?: EnvelopeSigner; deadline?: number; replyTo?: string } = {},
    ) {
      const { signer } = options;
      const id = randomUUID();
      const entry = {
        id,
        pattern,
        data: JSON.stringify(envelope),
        replyTo: options.replyTo ?? `rpc:replies:${signer ? `${signer.signer}:` : ''}forger`,
        deadline: String(options.deadline ?? Date.now() + 5000),
        requestId: id,
      };
      const signature = signer ? { signer: signer.signer, signature: signer.sign(entry) } : {};
      const service = pattern.slice(0, pattern.indexOf('.'));
      await forger.xadd(`rpc:${service}:requests`, '*', ...Object.entries({ ...entry, ...signature }).flat());
      return id;
    }

    const answerTo = async (id: string) =>
      (await waitFor(`the answer to ${id}`, async () => answers.get(id), Boolean))!;

    /** The request is refused and counted, and nothing at all is published for it. */
    async function refusedUnanswered(reason: string, send: () => Promise<string>) {
      const before = await refusals(reason);
      const id = await send();
      await waitFor(
        `a refusal (${reason}) counted`,
        () => refusals(reason),
        (count) => count > before,
      );
      await sleep(300);
      expect(answers.has(id)).toBe(false);
      expect(heard.filter((line) => line.includes(id))).toEqual([]);
    }

    const madeUpOwner = () => ({
      actor: { userId: randomUUID(), name: 'Intruder', type: 'owner', storeIds: [victimStore] },
      data: { storeId: victimStore },
    });
    const REFUSED = {
      status: 403,
      message: 'Request refused: it does not come signed from a trusted caller',
    };

    it('refuses an unsigned orders.order.list.v1 with a made-up owner, and answers nothing', async () => {
      await refusedUnanswered('unsigned', () => forge('orders.order.list.v1', madeUpOwner()));
    });

    it("refuses it signed with a key that is not the gateway's unanswered, and by a service not allowed that pattern", async () => {
      const impostor = new EnvelopeSigner('gateway', Buffer.alloc(32, 7).toString('base64'));
      await refusedUnanswered('bad-signature', () =>
        forge('orders.order.list.v1', madeUpOwner(), { signer: impostor }),
      );
      const zr = new EnvelopeSigner('delivery-zr', system.rpcKeys.signing['delivery-zr']);
      const notAllowed = await answerTo(await forge('orders.order.list.v1', madeUpOwner(), { signer: zr }));
      expect(notAllowed).toMatchObject({ err: REFUSED });
    });

    it("refuses a gateway-signed request whose answer would go to a channel that is not the gateway's", async () => {
      const gateway = new EnvelopeSigner('gateway', system.rpcKeys.signing.gateway);
      await refusedUnanswered('wrong-reply-channel', () =>
        forge('orders.order.list.v1', madeUpOwner(), { signer: gateway, replyTo: 'rpc:replies:attacker' }),
      );
    });

    it('refuses a gateway signature far beyond any deadline, and a sealed field sent in clear', async () => {
      const gateway = new EnvelopeSigner('gateway', system.rpcKeys.signing.gateway);
      const farAhead = { signer: gateway, deadline: Date.now() + 3_600_000 };
      expect(await answerTo(await forge('orders.order.list.v1', madeUpOwner(), farAhead))).toMatchObject({
        err: REFUSED,
      });
      const clear = { data: { email: owner.email, password: 'guess' } };
      expect(await answerTo(await forge('identity.user.login.v1', clear, { signer: gateway }))).toMatchObject(
        {
          err: REFUSED,
        },
      );
    });

    it('answers a public ping that carries no actor, unsigned', async () => {
      const answer = await answerTo(await forge('orders.health.ping.v1', { data: null }));
      expect(answer).toMatchObject({ response: { service: 'orders' } });
    });

    it('refuses a signed request without an actor unless its pattern is public, before its handler runs', async () => {
      const gateway = new EnvelopeSigner('gateway', system.rpcKeys.signing.gateway);
      const noActor = await answerTo(
        await forge('orders.order.list.v1', { data: { storeId: victimStore } }, { signer: gateway }),
      );
      expect(noActor).toMatchObject({
        err: { status: 403, message: 'Request refused: only a public pattern is answered without a caller' },
      });
      expect(noActor.response).toBeUndefined();
      const lookup = { data: { confirmateurId: randomUUID() } };
      expect(
        await answerTo(await forge('identity.membership.store-ids.v1', lookup, { signer: gateway })),
      ).toMatchObject({ response: [] });
      expect(await refusals('no-actor')).toBeGreaterThanOrEqual(1);
    });

    describe("a real request captured from the orders stream and added again (the owner's orders)", () => {
      let capture: Redis;
      let captured: Record<string, string>;

      beforeAll(async () => {
        capture = new Redis(system.redis.url);
        // Blocked on the stream before the call: XADD hands the entry to this reader at once.
        const read = (async () => {
          for (let last = '$'; ;) {
            const reply = (await capture.xread('BLOCK', 10_000, 'STREAMS', 'rpc:orders:requests', last)) as
              [string, [string, string[]][]][] | null;
            if (!reply) throw new Error('No orders.order.list.v1 request reached the stream');
            for (const [entryId, fields] of reply[0][1]) {
              last = entryId;
              const entry = Object.fromEntries(
                fields.flatMap((field, index) => (index % 2 ? [] : [[field, fields[index + 1]]])),
              );
              if (entry.pattern === 'orders.order.list.v1') return entry;
            }
          }
        })();
        await sleep(100);
        const listed = await system.request(
          'GET',
          `/api/orders/youcan?storeId=${victimStore}`,
          undefined,
          owner.token,
        );
        expect(listed.status).toBe(200);
        expect(listed.body).toHaveLength(3);
        captured = await read;
      });
      afterAll(() => capture?.disconnect());

      const replay = (changes: Record<string, string>) => async () => {
        expect(Number(captured.deadline)).toBeGreaterThan(Date.now()); // still within its deadline
        await forger.xadd('rpc:orders:requests', '*', ...Object.entries({ ...captured, ...changes }).flat());
        return changes.id ?? captured.id;
      };

      it('is the gateway-signed request the owner made, answered on a channel of the gateway', () => {
        expect(captured).toMatchObject({ signer: 'gateway' });
        expect(captured.replyTo).toMatch(/^rpc:replies:gateway:/);
        expect(captured.data).toContain(owner.id);
      });

      it('with replyTo=rpc:replies:attacker: refused, counted and logged, and nothing reaches that channel', async () => {
        await refusedUnanswered('bad-signature', replay({ replyTo: 'rpc:replies:attacker' }));
        expect(heard.filter((line) => line.startsWith('rpc:replies:attacker'))).toEqual([]);
        const [orders] = system.instances('orders');
        expect(
          orders.linesWith(
            'Refused orders.order.list.v1 signed as gateway (bad-signature) from rpc:replies:attacker',
          ),
        ).toHaveLength(1);
      });

      it('with another id: refused and counted', async () => {
        await refusedUnanswered('bad-signature', replay({ id: randomUUID() }));
      });
    });

    it('logs each refusal without what the request carried, and counts it', async () => {
      const [orders] = system.instances('orders');
      const refused = orders.linesWith('Refused orders.order.list.v1');
      expect(refused.length).toBeGreaterThanOrEqual(6);
      expect(refused.every((line) => line.level === 40)).toBe(true);
      expect(JSON.stringify(refused)).not.toContain('Intruder');
      expect(JSON.stringify(refused)).not.toContain(victimStore);
      for (const reason of ['unsigned', 'wrong-reply-channel', 'not-allowed', 'expired'])
        expect(await refusals(reason)).toBeGreaterThanOrEqual(1);
      expect(await refusals('bad-signature')).toBeGreaterThanOrEqual(3);
    });
  });
});
