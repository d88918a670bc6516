// Deployed shape: each service's RPC (main.ts) and its queue processors (worker.ts) in processes of
// their own. The API answers while no worker runs; the jobs it added wait in the queue for one.
import { linkStore, ordersOf, query, registerUser, sandbox, TestSystem, waitFor } from '@tawsil/testing';
import { setTimeout as sleep } from 'node:timers/promises';

const ORDERS = 120;

describe('Importing with the workers in processes of their own', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan'],
      youcanSandbox: true,
      separateWorkers: true,
    });
  });
  afterAll(async () => {
    await system?.stop();
  });

  const syncState = async (storeId: string) =>
    (await query(system, 'select sync_state from stores_youcan.stores where id = $1', [storeId]))[0]
      .sync_state as string;

  it('links a store while its worker is down, and imports its orders once a worker runs', async () => {
    const owner = await registerUser(system, 'Yasmine Belkacem');
    await sandbox(system, 'POST', '/_sandbox/stores/dar-el-hana/orders', { count: ORDERS });
    const [worker] = system.instances('stores-youcan-worker');
    await worker.stop();

    const storeId = await linkStore(system, owner, 'dar-el-hana');
    await sleep(1500);
    expect(await syncState(storeId)).not.toBe('synced');
    expect(await ordersOf(system, storeId)).toBe(0);

    await system.startService('stores-youcan-worker');
    await waitFor(
      'the import',
      () => syncState(storeId),
      (state) => state === 'synced',
      30_000,
    );
    await waitFor(
      `${ORDERS} orders`,
      () => ordersOf(system, storeId),
      (count) => count === ORDERS,
      30_000,
    );
  }, 90_000);
});
