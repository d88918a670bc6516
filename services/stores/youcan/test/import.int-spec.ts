import {
  linkStore,
  ordersOf,
  query,
  registerUser,
  sandbox,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';

const PAGE_SIZE = 50;
const ORDERS = 2000;
const PAGES = ORDERS / PAGE_SIZE;

describe('Importing the orders a store already has', () => {
  let system: TestSystem;
  let owner: TestUser;

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan'],
      youcanSandbox: true,
      env: { YOUCAN_IMPORT_PAGE_SIZE: String(PAGE_SIZE) },
    });
    owner = await registerUser(system, 'Karim Haddad');
  });
  afterAll(async () => {
    await sandbox(system, 'POST', '/_sandbox/settings', { latencyMs: 0 });
    await system?.stop();
  });

  const storeRow = async (storeId: string) =>
    (
      await query(
        system,
        'select sync_state, imported, total, next_page from stores_youcan.stores where id = $1',
        [storeId],
      )
    )[0];
  const pagesRead = async (slug: string) =>
    (
      (await sandbox(system, 'GET', '/_sandbox/stores')) as unknown as { slug: string; pagesRead: number }[]
    ).find((store) => store.slug === slug)!.pagesRead;

  it('imports 2,000 orders over many pages, resuming where it stopped when its worker is killed', async () => {
    await sandbox(system, 'POST', '/_sandbox/stores/grand-souk/orders', { count: ORDERS });
    // Slow pages, so that the import is surely halfway when its worker dies.
    await sandbox(system, 'POST', '/_sandbox/settings', { latencyMs: 150 });
    const storeId = await linkStore(system, owner, 'grand-souk');

    const halfway = await waitFor(
      'half the pages',
      () => storeRow(storeId),
      (row) => Number(row.next_page) > PAGES / 2,
    );
    const [worker] = system.instances('stores-youcan');
    await worker.kill();
    const readBeforeRestart = await pagesRead('grand-souk');
    expect(halfway.sync_state).toBe('importing');

    await system.startService('stores-youcan');
    await sandbox(system, 'POST', '/_sandbox/settings', { latencyMs: 0 });
    const done = await waitFor(
      'the import',
      () => storeRow(storeId),
      (row) => row.sync_state === 'synced',
      60_000,
    );
    expect(done).toMatchObject({ imported: ORDERS, total: ORDERS });
    await waitFor(
      `${ORDERS} orders`,
      () => ordersOf(system, storeId),
      (count) => count === ORDERS,
      30_000,
    );

    // Resumed, not restarted: the pages read after the restart are those left, give or take the one in flight.
    const readAfterRestart = (await pagesRead('grand-souk')) - readBeforeRestart;
    expect(readAfterRestart).toBeLessThanOrEqual(PAGES - Number(halfway.next_page) + 3);
    const [distinct] = await query(
      system,
      'select count(distinct external_id)::int as n from orders.orders where store_id = $1',
      [storeId],
    );
    expect(distinct.n).toBe(ORDERS);

    const [store] = (await system.request('GET', '/api/stores/youcan', undefined, owner.token))
      .body as unknown as {
      sync: { state: string; imported: number; total: number; lastSyncAt: string };
      ordersCount: number;
    }[];
    expect(store).toMatchObject({
      ordersCount: ORDERS,
      sync: { state: 'synced', imported: ORDERS, total: ORDERS },
    });
    expect(Date.parse(store.sync.lastSyncAt)).toBeGreaterThan(Date.now() - 120_000);
  });

  it('refreshes expired tokens on its own and keeps importing', async () => {
    await sandbox(system, 'POST', '/_sandbox/stores/souk-refresh/orders', { count: 120 });
    await sandbox(system, 'POST', '/_sandbox/settings', { tokenTtlSeconds: 1 });
    // The import waits on its second page until the token has expired: a fast machine would
    // otherwise read all three pages within the token's second.
    await sandbox(system, 'POST', '/_sandbox/orders/hold', { after: 1 });
    const storeId = await linkStore(system, owner, 'souk-refresh');
    const [before] = await query(system, 'select access_token from stores_youcan.stores where id = $1', [
      storeId,
    ]);
    await waitFor(
      'the import to wait on its second page',
      () => sandbox(system, 'GET', '/_sandbox/orders/hold'),
      (held) => held.waiting === 1,
    );
    await sandbox(system, 'POST', '/_sandbox/tokens/expire');
    await sandbox(system, 'POST', '/_sandbox/settings', { tokenTtlSeconds: 1_296_000 });
    await sandbox(system, 'POST', '/_sandbox/orders/release', {});

    await waitFor(
      'the import',
      () => storeRow(storeId),
      (row) => row.sync_state === 'synced',
      30_000,
    );
    await waitFor(
      '120 orders',
      () => ordersOf(system, storeId),
      (count) => count === 120,
    );
    const [after] = await query(system, 'select access_token from stores_youcan.stores where id = $1', [
      storeId,
    ]);
    expect(after.access_token).not.toBe(before.access_token);
  });

  it('tries again when YouCan fails, instead of giving up', async () => {
    await sandbox(system, 'POST', '/_sandbox/stores/souk-pannes/orders', { count: 30 });
    await sandbox(system, 'POST', '/_sandbox/settings', { latencyMs: 1000 });
    const storeId = await linkStore(system, owner, 'souk-pannes');
    // The import's first page is in flight: YouCan fails it.
    await sandbox(system, 'POST', '/_sandbox/settings', { failureRate: 1 });
    const failures = async () =>
      Number((await sandbox(system, 'GET', '/_sandbox/settings')).failuresInjected);
    const before = await failures();
    await waitFor('a failed page', failures, (count) => count > before, 10_000);
    await sandbox(system, 'POST', '/_sandbox/settings', { failureRate: 0, latencyMs: 0 });
    await waitFor(
      'the import',
      () => storeRow(storeId),
      (row) => row.sync_state === 'synced',
      60_000,
    );
    expect(
      await waitFor(
        '30 orders',
        () => ordersOf(system, storeId),
        (count) => count === 30,
      ),
    ).toBe(30);
  });
});
