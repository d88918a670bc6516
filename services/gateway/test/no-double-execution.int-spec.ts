import {
  addZrAccount,
  linkStore,
  ordersOf,
  query,
  registerUser,
  sandbox,
  type ServiceKey,
  type ServiceProcess,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';

/** Longer than the 3 s after which an instance used to take over a request it saw idle. */
const STALL_MS = 5000;

/**
 * One request never runs in two places: with two instances of a service, the instance holding a
 * write freezes (SIGSTOP) in the middle of it for longer than the old takeover delay; the other
 * instance leaves the request alone, and the write happens once, answered once.
 */
describe('A stalled instance and its request', () => {
  let system: TestSystem;
  let owner: TestUser;
  let orderIds: string[];
  let zrAccountId: string;
  let replies: Redis;
  const published: { id: string; channel: string }[] = [];

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
      zrSandbox: true,
      env: { RPC_TIMEOUT_MS: '30000' },
    });
    await Promise.all([system.startService('orders'), system.startService('identity')]);
    owner = await registerUser(system, 'Amina Owner');
    const storeId = await linkStore(system, owner, 'stall-shop');
    await sandbox(system, 'POST', '/_sandbox/stores/stall-shop/orders', { count: 2 });
    await waitFor(
      'orders',
      () => ordersOf(system, storeId),
      (n) => n === 2,
    );
    orderIds = (await query<{ id: string }>(system, 'select id from orders.orders order by id')).map(
      (row) => row.id,
    );
    zrAccountId = (await addZrAccount(system, owner))._id;
    // Every answer a service publishes to a caller, whoever the caller is.
    replies = new Redis(system.redis.url);
    replies.on('pmessage', (_pattern: string, channel: string, raw: string) =>
      published.push({ id: (JSON.parse(raw) as { id: string }).id, channel }),
    );
    await replies.psubscribe('rpc:replies:*');
  }, 180_000);
  afterAll(async () => {
    replies?.disconnect();
    await system?.stop();
  });

  /**
   * Sends the request while `table` is locked, so its holder is caught inside the write; freezes
   * that instance, lets the write through, waits past the old takeover delay and thaws it.
   */
  async function stallHolder<T>(service: ServiceKey, table: string, send: () => Promise<T>) {
    const lock = new Client({ connectionString: system.database.url });
    await lock.connect();
    await lock.query('begin');
    await lock.query(`lock table ${table} in exclusive mode`);
    published.splice(0);
    const answer = send();
    const holder = await waitFor(
      `the holder of a ${service} request blocked on ${table}`,
      () => blockedHolder(service),
      (found) => found !== undefined,
    );
    holder!.pause();
    await lock.query('commit');
    await lock.end();
    await sleep(STALL_MS);
    holder!.resume();
    const result = await answer;
    await sleep(500); // a second answer, were there one, would be published by now
    return { result, holder: holder! };
  }

  /** The instance whose pending request waits on a lock in PostgreSQL. */
  async function blockedHolder(service: ServiceKey): Promise<ServiceProcess | undefined> {
    const [waiting] = await query<{ n: string }>(
      system,
      'select count(*) as n from pg_locks where not granted',
    );
    if (Number(waiting.n) === 0) return undefined;
    const redis = new Redis(system.redis.url);
    const pending = (await redis.xpending(`rpc:${service}:requests`, `${service}-rpc`, '-', '+', 10)) as [
      string,
      string,
    ][];
    redis.disconnect();
    if (pending.length !== 1) return undefined;
    const consumer = pending[0][1];
    return system.instances(service).find((instance) => `${service}-${instance.httpPort}` === consumer);
  }

  /** Each answer published once: a request run twice would be answered twice. */
  const answersPerRequest = () => {
    const counts = new Map<string, number>();
    expect(published.length).toBeGreaterThan(0);
    for (const { id, channel } of published)
      counts.set(`${channel}/${id}`, (counts.get(`${channel}/${id}`) ?? 0) + 1);
    return [...counts.values()];
  };

  const handledBy = (service: ServiceKey, pattern: string) =>
    system.instances(service).map((instance) => instance.linesWith(`Handled ${pattern} `).length);

  it('adds a note once, with one history row, and answers once', async () => {
    const orderId = orderIds[0];
    system.instances('orders').forEach((instance) => instance.logs.splice(0));
    const note = `rappeler après 18h ${randomUUID().slice(0, 4)}`;
    const { result } = await stallHolder('orders', 'orders.order_notes', () =>
      system.request('PUT', `/api/orders/youcan/${orderId}`, { note }, owner.token),
    );
    expect(result.status).toBe(200);
    expect(answersPerRequest().every((count) => count === 1)).toBe(true);
    const notes = await query(system, 'select message from orders.order_notes where order_id = $1', [
      orderId,
    ]);
    expect(notes).toEqual([{ message: note }]);
    const history = await query(system, 'select id from orders.order_history where order_id = $1', [orderId]);
    expect(history).toHaveLength(1);
    expect(handledBy('orders', 'orders.order.add-note.v1').sort()).toEqual([0, 1]);
  });

  it('registers a user once and answers once', async () => {
    system.instances('identity').forEach((instance) => instance.logs.splice(0));
    const email = `stalled-${randomUUID().slice(0, 6)}@shop.dz`;
    const { result } = await stallHolder('identity', 'identity.users', () =>
      system.request('POST', '/api/users/register', { name: 'Lydia', email, password: 'souk-el-fellah' }),
    );
    expect(result.status).toBe(201);
    expect(answersPerRequest().every((count) => count === 1)).toBe(true);
    expect(await query(system, 'select email from identity.users where email = $1', [email])).toHaveLength(1);
    expect(handledBy('identity', 'identity.user.register.v1').sort()).toEqual([0, 1]);
    const login = await system.request('POST', '/api/users/login', { email, password: 'souk-el-fellah' });
    expect(login.status).toBe(200);
  });

  it('sets the delivery once, with one history row, and answers once', async () => {
    const orderId = orderIds[1];
    system.instances('orders').forEach((instance) => instance.logs.splice(0));
    const delivery = {
      deliveryAccount: zrAccountId,
      wilaya: '16',
      isStopDesk: 'false',
      commune: 'Bab Ezzouar',
    };
    const { result } = await stallHolder('orders', 'orders.order_history', () =>
      system.request('PUT', `/api/orders/youcan/${orderId}`, { delivery }, owner.token),
    );
    expect(result.status).toBe(200);
    expect(answersPerRequest().every((count) => count === 1)).toBe(true);
    const history = await query(system, 'select id from orders.order_history where order_id = $1', [orderId]);
    expect(history).toHaveLength(1);
    expect(handledBy('orders', 'orders.order.set-delivery.v1').sort()).toEqual([0, 1]);
  });
});
