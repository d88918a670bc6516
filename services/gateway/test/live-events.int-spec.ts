import type { DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import type { OrderLiveEvent, OrderView } from '@tawsil/contracts/orders';
import {
  addConfirmateur,
  addZrAccount,
  confirmAndSetDelivery,
  query,
  registerUser,
  saisieFinished,
  sandbox,
  startSaisie,
  storeWithOrders,
  TestSystem,
  type TestUser,
  waitFor,
  zrSandbox,
} from '@tawsil/testing';
import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { SseClient } from './sse-client';

/** Live order events end to end: the orders outbox, Redis, the gateways' streams, resume. */
describe('Live order events (GET /api/events)', () => {
  let system: TestSystem;
  let owner: TestUser;
  let agent: TestUser;
  let otherAgent: TestUser;
  let otherOwner: TestUser;
  let storeId: string;
  let orders: OrderView[];
  let account: DeliveryAccountView;
  const clients: SseClient[] = [];

  const open = async (user: TestUser, lastEventId?: string, baseUrl = system.gatewayUrl) => {
    const client = await SseClient.open(baseUrl, user.token, lastEventId);
    clients.push(client);
    return client;
  };
  const live = async (user: TestUser, baseUrl?: string) => {
    const client = await open(user, undefined, baseUrl);
    expect(client.status).toBe(200);
    await client.waitFor('sync', (message) => message.event === 'sync');
    return client;
  };
  const current = async (orderId: string) => {
    const listed = await system.request(
      'GET',
      `/api/orders/youcan?storeId=${storeId}&limit=500`,
      undefined,
      owner.token,
    );
    return (listed.body as unknown as OrderView[]).find((order) => order._id === orderId)!;
  };
  const setStatus = async (user: TestUser, orderId: string, status: string) => {
    const order = await current(orderId);
    const answer = await system.request(
      'PUT',
      `/api/orders/youcan/${orderId}`,
      { ...order, quantity: order.variants[0].quantity, status },
      user.token,
    );
    expect(answer.status).toBe(200);
  };
  const addNote = async (user: TestUser, orderId: string, note: string) =>
    expect((await system.request('PUT', `/api/orders/youcan/${orderId}`, { note }, user.token)).status).toBe(
      200,
    );

  beforeAll(async () => {
    system = await TestSystem.start({
      youcanSandbox: true,
      zrSandbox: true,
      env: { ZR_TRACKING_INTERVAL_MS: '500' },
    });
    [owner, agent, otherAgent, otherOwner] = await Promise.all([
      registerUser(system, 'Amina Owner'),
      registerUser(system, 'Karim Agent', true),
      registerUser(system, 'Lydia Agent', true),
      registerUser(system, 'Walid Owner'),
    ]);
    ({ storeId, orders } = await storeWithOrders(system, owner, 'live-main', 12));
    await storeWithOrders(system, otherOwner, 'live-other', 2);
    for (const who of [agent, otherAgent]) await addConfirmateur(system, owner, storeId, who);
    account = await addZrAccount(system, owner);
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => system?.stop());

  it('answers 401 without a token, and takes the token from the Authorization header only', async () => {
    expect((await fetch(`${system.gatewayUrl}/api/events`)).status).toBe(401);
    expect((await fetch(`${system.gatewayUrl}/api/events?token=${agent.token}`)).status).toBe(401);
  });

  it("brings a webhook order to the store's agent within 2 seconds, and nothing of it to another owner", async () => {
    const [stream, stranger] = [await live(agent), await live(otherOwner)];
    const { created } = (await sandbox(system, 'POST', '/_sandbox/stores/live-main/orders', {
      count: 1,
    })) as unknown as {
      created: { id: string }[];
    };
    const sentAt = Date.now();
    const event = await stream.waitForOrder('created', (e) => e.type === 'created' && e.storeId === storeId);
    expect(event.at - sentAt).toBeLessThan(2000);
    expect(event).toMatchObject({ type: 'created', storeId, status: 'pending' });
    const [stored] = await query<{ external_id: string }>(
      system,
      'select external_id from orders.orders where id = $1',
      [event.orderId],
    );
    expect(stored.external_id).toBe(String(created[0].id));

    await setStatus(agent, event.orderId, 'confirmé');
    await stream.waitForOrder('changed', (e) => e.orderId === event.orderId && e.type === 'changed');
    await sleep(500);
    expect(stranger.orders()).toEqual([]);
    expect(stranger.closed).toBe(false);
  });

  it("sends one agent's edit and note to the other agent as changed, with the new status", async () => {
    const [watcher, owners] = [await live(otherAgent), await live(owner)];
    const order = orders[0];
    await setStatus(agent, order._id, 'pas de réponse');
    for (const stream of [watcher, owners])
      expect(
        await stream.waitForOrder(
          'the edit',
          (e) => e.orderId === order._id && e.status === 'pas de réponse',
        ),
      ).toMatchObject({ type: 'changed', storeId, orderId: order._id, claim: null });
    const before = watcher.orders().length;
    await addNote(agent, order._id, 'Rappeler après 18h');
    await watcher.waitFor('the note', () => watcher.orders().length > before);
    expect(watcher.orders().at(-1)).toMatchObject({
      type: 'changed',
      orderId: order._id,
      status: 'pas de réponse',
    });
  });

  it('delivers through every gateway replica, each reading Redis', async () => {
    const second = await system.startService('gateway');
    const secondUrl = `http://127.0.0.1:${second.httpPort}`;
    const [first, other] = [await live(otherAgent), await live(otherAgent, secondUrl)];
    await setStatus(agent, orders[1]._id, 'annulée');
    const seen = await Promise.all(
      [first, other].map((stream) =>
        stream.waitForOrder('the edit', (e) => e.orderId === orders[1]._id && e.status === 'annulée'),
      ),
    );
    expect(seen[0].id).toBe(seen[1].id);
  });

  it('resumes after a dropped connection with every missed event, none twice', async () => {
    const witness = await live(otherAgent);
    const dropped = await live(agent);
    const resumeFrom = dropped.lastId!;
    dropped.close();

    const touched = orders.slice(2, 6);
    for (const order of touched) await setStatus(owner, order._id, 'confirmé');
    await addNote(owner, touched[0]._id, 'Client joignable le matin');
    const deleted = await system.request(
      'DELETE',
      '/api/orders/youcan',
      { orderIds: [orders[6]._id] },
      owner.token,
    );
    expect(deleted.body).toEqual({ deletedIds: [orders[6]._id] });
    await witness.waitForOrder('the deletion', (e) => e.type === 'deleted' && e.orderId === orders[6]._id);
    const missed = witness.messages.filter((message) => message.event === 'order');
    expect(missed).toHaveLength(6);

    const resumed = await open(agent, resumeFrom);
    const sync = await resumed.waitFor('sync', (message) => message.event === 'sync');
    expect(JSON.parse(sync.data)).toEqual({ missed: false });
    await resumed.waitFor('the replay', () => resumed.orders().length >= missed.length);
    await sleep(300);
    expect(resumed.orders()).toEqual(missed.map((message) => JSON.parse(message.data) as OrderLiveEvent));
    expect(resumed.messages.filter((m) => m.event === 'order').map((m) => m.id)).toEqual(
      missed.map((m) => m.id),
    );

    // And live again from there.
    await setStatus(owner, orders[7]._id, 'test');
    await resumed.waitForOrder('live after the replay', (e) => e.orderId === orders[7]._id);
    expect(resumed.orders()).toHaveLength(missed.length + 1);
  });

  it('tells a client whose Last-Event-ID cannot be resumed that it missed events', async () => {
    const stream = await open(agent, 'not-an-id-of-ours');
    const sync = await stream.waitFor('sync', (message) => message.event === 'sync');
    expect(JSON.parse(sync.data)).toEqual({ missed: true });
  });

  it('publishes each committed change once with two orders instances relaying', async () => {
    await system.startService('orders');
    const stream = await live(otherAgent);
    const batch = orders.slice(8, 12);
    await Promise.all(batch.map((order) => setStatus(agent, order._id, 'annulée')));
    await Promise.all(batch.map((order) => addNote(agent, order._id, 'Rappeler demain')));
    await stream.waitFor('every change', () => stream.orders().length >= 8);
    await sleep(2500);
    const perOrder = batch.map((order) => stream.orders().filter((e) => e.orderId === order._id).length);
    expect(perOrder).toEqual([2, 2, 2, 2]);
    expect(await query(system, 'select id from orders.order_events')).toEqual([]);
  });

  it('sends changed with the new status when tracking moves a parcel', async () => {
    const parcel = orders[2];
    await confirmAndSetDelivery(system, agent, [await current(parcel._id)], account);
    const stream = await live(agent);
    const view = await saisieFinished(system, owner, await startSaisie(system, owner, [parcel._id]));
    expect(view.successfullOrders).toEqual([parcel._id]);
    await stream.waitForOrder('saisie', (e) => e.orderId === parcel._id && e.status === 'saisie');
    await zrSandbox(system, 'POST', '/_sandbox/parcels/advance');
    await zrSandbox(system, 'POST', '/_sandbox/parcels/advance');
    expect(
      await stream.waitForOrder(
        'en cours de livraison',
        (e) => e.orderId === parcel._id && e.status === 'en cours de livraison',
        20_000,
      ),
    ).toMatchObject({ type: 'changed', storeId });
  });

  it('holds each user to 10 connections across replicas, and frees the place of a closed one', async () => {
    // Every stream opened by the tests above was closed: none still counts.
    const redis = new Redis(system.redis.url);
    const counted = await Promise.all(
      [owner, agent, otherAgent, otherOwner].map((user) => redis.zcard(`events:connections:${user.id}`)),
    );
    redis.disconnect();
    expect(counted).toEqual([0, 0, 0, 0]);

    const user = await registerUser(system, 'Busy Owner');
    const secondUrl = `http://127.0.0.1:${system.instances('gateway')[1].httpPort}`;
    const streams = await Promise.all(
      Array.from({ length: 10 }, (_, index) => open(user, undefined, index % 2 ? secondUrl : undefined)),
    );
    expect(streams.map((stream) => stream.status)).toEqual(Array(10).fill(200));
    const refused = await open(user);
    expect(refused.status).toBe(429);
    expect(await refused.response.json()).toEqual({
      message: 'Too many live connections: at most 10 at once; close another tab',
      code: 'errors.live_too_many',
      params: { max: '10' },
    });
    streams[0].close();
    await waitFor(
      'a freed place',
      async () => {
        const next = await open(user);
        if (next.status === 200) next.close();
        return next.status;
      },
      (status) => status === 200,
      5000,
    );
  });

  it('closes the live events of a session that signs out within a second, on every gateway replica', async () => {
    const signedIn = await system.request('POST', '/api/users/login', {
      email: owner.email,
      password: 'souk-el-fellah',
    });
    const session = { ...owner, token: signedIn.body.token as string };
    const replica = system.instances('gateway')[1] ?? (await system.startService('gateway'));
    const streams = [await live(session), await live(session, `http://127.0.0.1:${replica.httpPort}`)];
    const untouched = await live(owner);
    expect((await system.request('POST', '/api/auth/sign-out', undefined, session.token)).status).toBe(204);
    const started = Date.now();
    while (streams.some((stream) => !stream.closed) && Date.now() - started < 1000) await sleep(20);
    expect(streams.map((stream) => stream.closed)).toEqual([true, true]);
    expect(untouched.closed).toBe(false);
  });

  // How fast, on every replica: live-access.int-spec.ts.
  it("stops an agent's events once removed from the store", async () => {
    const stream = await live(otherAgent);
    const removed = await system.request(
      'DELETE',
      `/api/confirmateur/${otherAgent.id}`,
      { storeId },
      owner.token,
    );
    expect(removed.status).toBe(200);
    await stream.waitFor(
      'the store to go',
      (message) => message.event === 'sync' && stream.messages.length > 1,
      10_000,
    );
    const before = stream.orders().length;
    await setStatus(agent, orders[0]._id, 'confirmé');
    await sleep(1500);
    expect(stream.orders()).toHaveLength(before);
  });
});
