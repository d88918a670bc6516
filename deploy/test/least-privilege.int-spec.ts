// Every service as its own Redis user (deploy/redis/users.acl) and its own PostgreSQL role
// (deploy/postgres): the whole product still works, and each one is kept out of what it does not use.
// The users and roles get names of this test file's own: the Redis and PostgreSQL servers are
// shared by the test files running at the same time (their default users are never touched).
import type { OrderView } from '@tawsil/contracts/orders';
import { QueueName } from '@tawsil/contracts/queues';
import { bullConnection, QUEUE_PREFIX } from '@tawsil/nest-common';
import {
  addConfirmateur,
  addZrAccount,
  confirmAndSetDelivery,
  registerUser,
  saisieFinished,
  type ServiceKey,
  startSaisie,
  storeWithOrders,
  testPostgresServer,
  testRedisServer,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import * as roles from '../postgres/roles.cjs';
import * as acl from '../redis/acl.cjs';
import { SseClient } from '../../services/gateway/test/sse-client';

const tag = randomBytes(4).toString('hex');
const password = () => randomBytes(18).toString('hex');

/** users.acl's service users, renamed t<tag>-<service>. */
const redisUsers = acl
  .aclUsers()
  .filter((user) => user.passwordVariable)
  .map((user) => ({
    user,
    service: user.name.replace(/^tawsil-/, ''),
    name: `t${tag}-${user.name}`,
    password: password(),
  }));

/** roles.tsv's roles, renamed <role>_<tag>. */
const databaseRoles = roles
  .databaseRoles()
  .map((entry) => ({ ...entry, role: `${entry.role}_${tag}`, password: password() }));

const redisUrlOf = (url: string, service: string) => {
  const user = redisUsers.find((candidate) => candidate.service === service);
  if (!user) return url;
  const withUser = new URL(url);
  withUser.username = user.name;
  withUser.password = user.password;
  return withUser.toString();
};
const databaseUrlOf = (url: string, service: string) => {
  const entry = databaseRoles.find((candidate) => candidate.service === service);
  return entry ? roles.roleUrl(url, entry) : url;
};
const roleOf = (service: string) => databaseRoles.find((entry) => entry.service === service)!;

describe('Least privilege: a Redis user and a PostgreSQL role per service', () => {
  let admin: Redis;
  let system: TestSystem;
  let owner: TestUser;

  beforeAll(async () => {
    admin = new Redis(await testRedisServer());
    for (const { user, name, password: secret } of redisUsers)
      await admin.call('ACL', 'SETUSER', ...acl.setUserArgs(user, { name, password: secret }));
    system = await TestSystem.start({
      youcanSandbox: true,
      zrSandbox: true,
      env: {
        ZR_TRACKING_INTERVAL_MS: '500',
        QUEUE_DASHBOARD_USER: 'operator',
        QUEUE_DASHBOARD_PASSWORD: 'dashboard-password',
      },
      beforeMigrate: async (database) => {
        const client = new Client({ connectionString: database.url });
        await client.connect();
        try {
          for (const entry of databaseRoles) await roles.applyRole(client, entry);
        } finally {
          await client.end();
        }
      },
      migrationUrlFor: databaseUrlOf,
      databaseUrlFor: databaseUrlOf,
      redisUrlFor: redisUrlOf,
    });
    owner = await registerUser(system, 'Amina Owner');
  });

  afterAll(async () => {
    await system?.stop();
    if (admin) {
      await admin.call('ACL', 'DELUSER', ...redisUsers.map((user) => user.name));
      admin.disconnect();
    }
    const server = new Client({ connectionString: await testPostgresServer() });
    await server.connect();
    try {
      for (const { role } of databaseRoles) await server.query(`drop role if exists "${role}"`);
    } finally {
      await server.end();
    }
  });

  it('runs the whole product: a store imported, orders confirmed, sent to ZR Express and tracked', async () => {
    const agent = await registerUser(system, 'Yacine Agent', true);
    const { storeId, orders } = await storeWithOrders(system, owner, `acl-${tag}`, 3);
    await addConfirmateur(system, owner, storeId, agent);
    const account = await addZrAccount(system, owner);
    await confirmAndSetDelivery(system, agent, orders, account);

    const view = await saisieFinished(
      system,
      owner,
      await startSaisie(
        system,
        owner,
        orders.map((o) => o._id),
      ),
    );
    expect(view).toMatchObject({ state: 'completed', progress: { done: 3, total: 3 }, failedOrders: [] });
    await waitFor(
      'the orders to turn saisie',
      async () =>
        (await system.request('GET', `/api/orders/youcan?storeId=${storeId}`, undefined, agent.token))
          .body as unknown as OrderView[],
      (listed) => listed.length === 3 && listed.every((order) => order.status === 'saisie'),
    );
    const statistics = await system.request('GET', '/api/statistics', undefined, owner.token);
    expect(statistics.status).toBe(200);
    const status = await system.request('GET', '/api/status', undefined, owner.token);
    expect((status.body as unknown as { services: { status: string }[] }).services).toHaveLength(4);
    for (const service of (status.body as unknown as { services: { status: string }[] }).services)
      expect(service.status).toBe('up');

    // The queue dashboard reads every queue with the gateway's user.
    const [gateway] = system.instances('gateway');
    const basic = `Basic ${Buffer.from('operator:dashboard-password').toString('base64')}`;
    const dashboard = await fetch(`${gateway.metricsUrl}/queues/api/queues`, {
      headers: { authorization: basic },
    });
    expect(dashboard.status).toBe(200);
    const { queues } = (await dashboard.json()) as { queues: { name: string }[] };
    expect(queues.map((queue) => queue.name).sort()).toEqual(Object.values(QueueName).sort());
  });

  it('ends a session everywhere under the per-service users: identity announces, the gateway follows', async () => {
    const agent = await registerUser(system, 'Nadia Agent', true);
    expect((await system.request('GET', '/api/users/me', undefined, agent.token)).status).toBe(200);
    const signedOut = await system.request('POST', '/api/auth/sign-out-everywhere', undefined, agent.token);
    expect(signedOut.status).toBe(204);
    const secondGateway = await system.startService('gateway');
    try {
      const me = await fetch(`http://127.0.0.1:${secondGateway.httpPort}/api/users/me`, {
        headers: { authorization: `Bearer ${agent.token}` },
      });
      // A gateway that started afterwards read the announcement from the stream.
      expect(me.status).toBe(401);
    } finally {
      await secondGateway.stop();
    }
    for (const service of ['identity', 'gateway'] as ServiceKey[])
      expect(system.instances(service).flatMap((instance) => instance.linesWith('NOPERM'))).toEqual([]);
  });

  it("stops an agent's live events of a store under the per-service users: orders announces, the gateway follows", async () => {
    const agent = await registerUser(system, 'Samir Agent', true);
    const { storeId } = await storeWithOrders(system, owner, `acl-live-${tag}`, 1);
    await addConfirmateur(system, owner, storeId, agent);
    const stream = await SseClient.open(system.gatewayUrl, agent.token);
    try {
      await stream.waitFor('the first sync', (message) => message.event === 'sync');
      const removed = await system.request(
        'DELETE',
        `/api/confirmateur/${agent.id}`,
        { storeId },
        owner.token,
      );
      expect(removed.status).toBe(200);
      // Well before the streams' own 30-second check: the announcement on access:changed did it.
      await stream.waitFor(
        'the store to go',
        (message) => message.event === 'sync' && stream.messages.indexOf(message) > 0,
        5000,
      );
    } finally {
      stream.close();
    }
    for (const service of ['orders', 'gateway'] as ServiceKey[])
      expect(system.instances(service).flatMap((instance) => instance.linesWith('NOPERM'))).toEqual([]);
  });

  it('connects each service to PostgreSQL as its own role, which owns its schema and all in it', async () => {
    const rows = await query(
      system.database.url,
      `select n.nspname as schema, pg_get_userbyid(n.nspowner) as owner,
              array(select distinct pg_get_userbyid(c.relowner)::text from pg_class c where c.relnamespace = n.oid) as tables
       from pg_namespace n where n.nspname = any($1)`,
      [databaseRoles.map((entry) => entry.schema)],
    );
    expect(rows).toHaveLength(4);
    for (const entry of databaseRoles) {
      const row = rows.find((candidate) => candidate.schema === entry.schema);
      expect(row).toEqual({ schema: entry.schema, owner: entry.role, tables: [entry.role] });
    }
    // The services' open connections: services' roles only, no other user. A pool lets an idle
    // connection go after 30 s, so a service quiet since then may have none open.
    const sessions = await query(
      system.database.url,
      `select distinct usename from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(sessions.length).toBeGreaterThan(0);
    const roles = databaseRoles.map((entry) => entry.role);
    for (const session of sessions) expect(roles).toContain(session.usename);
  });

  it("keeps the orders role out of identity's tables, and every role out of the others' schemas", async () => {
    const orders = roles.roleUrl(system.database.url, roleOf('orders'));
    await expect(query(orders, 'select email, password_hash from identity.users')).rejects.toMatchObject({
      code: '42501',
      message: 'permission denied for schema identity',
    });
    await expect(query(orders, 'select count(*) from orders.orders')).resolves.toHaveLength(1);
    for (const entry of databaseRoles)
      for (const other of databaseRoles.filter((candidate) => candidate !== entry))
        await expect(
          query(roles.roleUrl(system.database.url, entry), `create table ${other.schema}.intruder (id int)`),
        ).rejects.toMatchObject({ code: '42501' });
  });

  describe("keeps each Redis user to its own streams and queues: orders'", () => {
    let orders: Redis;
    beforeAll(() => {
      orders = new Redis(redisUrlOf(system.redis.url, 'orders'), { maxRetriesPerRequest: 0 });
    });
    afterAll(() => orders?.disconnect());

    it("cannot add a request to identity's stream, forging a call", async () => {
      await expect(
        orders.xadd('rpc:identity:requests', '*', 'pattern', 'identity.user.login.v1'),
      ).rejects.toThrow(/NOPERM/);
      // What it sends to delivery-zr (set-delivery checks the choice there) it may append, never read.
      await expect(orders.xrange('rpc:delivery-zr:requests', '-', '+')).rejects.toThrow(/NOPERM/);
    });

    it("cannot read or add jobs of another service's queue", async () => {
      await expect(orders.zrange(`${QUEUE_PREFIX}:${QueueName.ZrSaisie}:completed`, 0, -1)).rejects.toThrow(
        /NOPERM/,
      );
      await expect(orders.hgetall(`${QUEUE_PREFIX}:${QueueName.YoucanImport}:1`)).rejects.toThrow(/NOPERM/);
      await expect(orders.keys('*')).rejects.toThrow(/NOPERM/);
      const foreign = new Queue(QueueName.IdentityStoreEvents, {
        connection: bullConnection(redisUrlOf(system.redis.url, 'orders')),
        prefix: QUEUE_PREFIX,
      });
      try {
        await expect(foreign.add('store-removed', { storeId: 'x' })).rejects.toThrow(/NOPERM/);
        await expect(foreign.getJobCounts('completed')).rejects.toThrow(/NOPERM/);
      } finally {
        await foreign.close();
      }
    });

    it("cannot listen to every RPC answer, nor to another caller's, only to its own", async () => {
      await expect(orders.psubscribe('rpc:replies:*')).rejects.toThrow(/NOPERM/);
      await expect(orders.subscribe('rpc:replies:gateway:spied-on')).rejects.toThrow(/NOPERM/);
      await expect(orders.subscribe('rpc:replies:attacker')).rejects.toThrow(/NOPERM/);
      const listener = new Redis(redisUrlOf(system.redis.url, 'orders'), { maxRetriesPerRequest: 0 });
      try {
        await expect(listener.subscribe('rpc:replies:orders:own')).resolves.toBe(1);
      } finally {
        listener.disconnect();
      }
      // It answers the callers of its own stream, on their channels.
      await expect(orders.publish('rpc:replies:gateway:spied-on', '{}')).resolves.toBe(0);
    });

    it('can still do its own work: its queues answer', async () => {
      const own = new Queue(QueueName.OrdersSync, {
        connection: bullConnection(redisUrlOf(system.redis.url, 'orders')),
        prefix: QUEUE_PREFIX,
      });
      try {
        expect(await own.getJobCounts('failed')).toEqual({ failed: 0 });
      } finally {
        await own.close();
      }
    });
  });

  it.each(['identity', 'stores-youcan', 'delivery-zr', 'gateway'] as ServiceKey[])(
    "keeps %s out of the orders service's request stream except to append",
    async (service) => {
      const client = new Redis(redisUrlOf(system.redis.url, service), { maxRetriesPerRequest: 0 });
      try {
        await expect(client.xrange('rpc:orders:requests', '-', '+')).rejects.toThrow(/NOPERM/);
        await expect(
          client.xgroup('CREATECONSUMER', 'rpc:orders:requests', 'orders-rpc', 'spy'),
        ).rejects.toThrow(/NOPERM/);
      } finally {
        client.disconnect();
      }
    },
  );
});

async function query(url: string, sql: string, params: unknown[] = []) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}
