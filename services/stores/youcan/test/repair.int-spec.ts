import { QueueName, RepairSweeps } from '@tawsil/contracts/queues';
import { bullConnection } from '@tawsil/nest-common';
import {
  addConfirmateur,
  linkStore,
  metricValue,
  ordersOf,
  query,
  registerUser,
  sandbox,
  scrapeMetrics,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';
import { Queue } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';

/** What the repair sweeps put right after a message between services was lost. */
describe('Repair sweeps for stores', () => {
  let system: TestSystem;
  let owner: TestUser;
  let agent: TestUser;

  const queue = (name: QueueName) =>
    new Queue(name, { connection: bullConnection(system.redis.url), prefix: 'tawsil' });

  /** The sum over every running instance of the service, as Prometheus would add them up. */
  const repaired = async (service: 'orders' | 'identity', sweep: string) => {
    let total = 0;
    for (const instance of system.instances(service))
      total += metricValue(await scrapeMetrics(instance.metricsUrl), 'tawsil_repair_items_total', { sweep });
    return total;
  };

  beforeAll(async () => {
    system = await TestSystem.start({
      youcanSandbox: true,
      // Orders and identity sweep only when the test restarts them with a short interval.
      env: { REPAIR_RECENT_ORDERS_INTERVAL_MS: '1000', REPAIR_REMOVED_STORES_INTERVAL_MS: '3600000' },
    });
    owner = await registerUser(system, 'Amina Owner');
    agent = await registerUser(system, 'Karim Agent', true);
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('recovers orders of the last 48 hours whose webhook never arrived, and only those', async () => {
    const storeId = await linkStore(system, owner, 'lost-webhooks');
    // Its import is over: from now on only the re-read brings orders.
    await waitFor(
      'the import of the empty store',
      () => query(system, 'select sync_state from stores_youcan.stores where id = $1', [storeId]),
      ([store]) => store?.sync_state === 'synced',
    );
    await sandbox(system, 'POST', '/_sandbox/stores/lost-webhooks/orders', {
      count: 2,
      webhook: false,
      hoursAgo: 72,
    });
    const { created } = (await sandbox(system, 'POST', '/_sandbox/stores/lost-webhooks/orders', {
      count: 3,
      webhook: false,
    })) as unknown as { created: { id: string }[] };

    await waitFor(
      'the recent orders re-read',
      () => ordersOf(system, storeId),
      (n) => n >= 3,
    );
    await sleep(3_000); // a few more sweeps: the orders of 72 hours ago stay outside the window
    const stored = await query<{ external_id: string }>(
      system,
      'select external_id from orders.orders where store_id = $1',
      [storeId],
    );
    expect(stored.map((row) => row.external_id).sort()).toEqual(created.map((order) => order.id).sort());
    // Each order counts once, however many sweeps read it again.
    expect(await repaired('orders', RepairSweeps.recentOrders)).toBe(3);
  });

  it("ends agents' access with the store at once, and sweeps its orders and memberships when their jobs were lost", async () => {
    const storeId = await linkStore(system, owner, 'closing-down');
    await sandbox(system, 'POST', '/_sandbox/stores/closing-down/orders', { count: 5 });
    await waitFor(
      'the webhook orders',
      () => ordersOf(system, storeId),
      (n) => n === 5,
    );
    await addConfirmateur(system, owner, storeId, agent);
    const before = await system.request(
      'GET',
      `/api/orders/youcan?storeId=${storeId}`,
      undefined,
      agent.token,
    );
    expect(before.body).toHaveLength(5);

    // The store-removed jobs are lost: their queues held while the store goes, then the jobs deleted.
    const ordersSync = queue(QueueName.OrdersSync);
    const identityEvents = queue(QueueName.IdentityStoreEvents);
    try {
      await Promise.all([ordersSync.pause(), identityEvents.pause()]);
      const removed = await system.request('DELETE', `/api/stores/youcan/${storeId}`, undefined, owner.token);
      expect(removed.status).toBe(200);
      for (const events of [ordersSync, identityEvents]) {
        const job = await events.getJob(`store-removed-${storeId}`);
        expect(job?.name).toBe('store-removed');
        await job!.remove();
      }
      await Promise.all([ordersSync.resume(), identityEvents.resume()]);
    } finally {
      await Promise.all([ordersSync.close(), identityEvents.close()]);
    }

    // Nothing has deleted the orders or the membership yet, and the agent reaches neither.
    expect(await ordersOf(system, storeId)).toBe(5);
    const memberships = () =>
      query(system, 'select 1 from identity.memberships where store_id = $1', [storeId]).then(
        (rows) => rows.length,
      );
    expect(await memberships()).toBe(1);
    const listed = await system.request('GET', '/api/orders/youcan', undefined, agent.token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([]);
    const byStore = await system.request(
      'GET',
      `/api/orders/youcan?storeId=${storeId}`,
      undefined,
      agent.token,
    );
    expect(byStore.status).toBe(404);

    // Orders and identity instances with a short interval run the sweeps.
    await system.startService('orders', { REPAIR_REMOVED_STORES_INTERVAL_MS: '500' });
    await system.startService('identity', { REPAIR_REMOVED_STORES_INTERVAL_MS: '500' });
    await waitFor(
      'the orders sweep',
      () => ordersOf(system, storeId),
      (n) => n === 0,
    );
    await waitFor('the memberships sweep', memberships, (n) => n === 0);
    await waitFor(
      'the sweeps to be counted',
      async () => [
        await repaired('orders', RepairSweeps.removedStoreOrders),
        await repaired('identity', RepairSweeps.removedStoreMemberships),
      ],
      ([orders, memberships]) => orders === 5 && memberships === 1,
    );
  });
});
