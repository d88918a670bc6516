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
const ORDERS = 1000;
const PAGES_BEFORE_STOP = 4;
/** What an orchestrator allows between SIGTERM and SIGKILL, well under Kubernetes' default 30 s. */
const GRACE_PERIOD_MS = 10_000;

/**
 * A store import whose worker is stopped the way Kubernetes stops a pod: the worker hands the
 * import back after the page it is reading and exits by itself; the other instance resumes it.
 */
describe('Store import worker stopped with SIGTERM mid-import', () => {
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

  it('hands the import back to the other instance and exits with 0 within its grace period', async () => {
    await sandbox(system, 'POST', '/_sandbox/stores/souk-ahras/orders', { count: ORDERS });
    // The import stops at page 5, its worker reading it, for as long as the test needs.
    await sandbox(system, 'POST', '/_sandbox/orders/hold', { after: PAGES_BEFORE_STOP });
    const storeId = await linkStore(system, owner, 'souk-ahras');
    await waitFor(
      'the import to wait on its fifth page',
      () => sandbox(system, 'GET', '/_sandbox/orders/hold'),
      (held) => held.waiting === 1,
    );
    expect(Number((await storeRow(storeId)).next_page)).toBe(PAGES_BEFORE_STOP + 1);
    const [first] = system.instances('stores-youcan');
    await system.startService('stores-youcan');

    const stopping = Date.now();
    const stopped = first.stop();
    await waitFor(
      'the worker to begin stopping',
      async () => first.linesWith('Stopping: finishing the jobs in progress').length,
      (lines) => lines === 1,
      GRACE_PERIOD_MS,
    );
    await sandbox(system, 'POST', '/_sandbox/orders/release', {});
    await stopped;
    expect(first.exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopping).toBeLessThan(GRACE_PERIOD_MS);
    expect(first.linesWith('Job handed back')).toHaveLength(1);

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
    const [distinct] = await query(
      system,
      'select count(distinct external_id)::int as n from orders.orders where store_id = $1',
      [storeId],
    );
    expect(distinct.n).toBe(ORDERS);
  });
});
