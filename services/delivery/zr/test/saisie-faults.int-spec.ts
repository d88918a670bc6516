import type { DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import type { OrderView } from '@tawsil/contracts/orders';
import {
  addYalidineAccount,
  addZrAccount,
  addZrCurrentAccount,
  confirmAndSetDelivery,
  query,
  registerUser,
  ROOMY_YALIDINE_QUOTA_ENV,
  ROOMY_YALIDINE_QUOTAS,
  saisieFinished,
  saisieStatus,
  sandboxParcels,
  type ServiceProcess,
  setZrCurrentSandbox,
  setYalidineSandbox,
  serviceRedisUrl,
  setZrSandbox,
  startSaisie,
  storeWithOrders,
  TcpProxy,
  testRedisServer,
  TestSystem,
  type TestUser,
  waitFor,
  yalidineParcels,
  zrCurrentParcels,
} from '@tawsil/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { trackingFor } from '../src/saisie/parcel-plan';

/** One carrier API under test: how to add an account with it, fault its sandbox and count its parcels. */
interface CarrierUnderTest {
  api: string;
  addAccount(system: TestSystem, owner: TestUser): Promise<DeliveryAccountView>;
  setSandbox(system: TestSystem, settings: Record<string, number>): Promise<unknown>;
  /** How many parcels the carrier holds for each of the orders. */
  parcelCounts(system: TestSystem, orderIds: string[]): Promise<number[]>;
}

/**
 * Orders of the last scenario, sent in batches of 50 through latency and one failure in five: four
 * batches, enough for every fault path to be taken several times, and a setup that stays short for
 * each of the three APIs.
 */
const UNDER_LOAD = 200;

const CARRIERS: CarrierUnderTest[] = [
  {
    api: 'procolis',
    addAccount: (system, owner) => addZrAccount(system, owner),
    setSandbox: setZrSandbox,
    parcelCounts: async (system, orderIds) => {
      const parcels = await sandboxParcels(system);
      return orderIds.map((id) => parcels.filter((parcel) => parcel.id_Externe === id).length);
    },
  },
  {
    // No uniqueness on externalId at ZR: only the search before any resend keeps parcels single.
    api: 'zr-current',
    addAccount: (system, owner) => addZrCurrentAccount(system, owner),
    setSandbox: setZrCurrentSandbox,
    parcelCounts: async (system, orderIds) => {
      const parcels = await zrCurrentParcels(system);
      return orderIds.map((id) => parcels.filter((parcel) => parcel.externalId === trackingFor(id)).length);
    },
  },
  {
    // Yalidine makes a second parcel of an order_id sent twice: only the search before any resend
    // keeps parcels single. Its quotas are yalidine-adapter.int-spec.ts's subject: roomy here.
    api: 'yalidine',
    addAccount: (system, owner) => addYalidineAccount(system, owner),
    setSandbox: (system, settings) => setYalidineSandbox(system, { ...ROOMY_YALIDINE_QUOTAS, ...settings }),
    parcelCounts: async (system, orderIds) => {
      const parcels = await yalidineParcels(system);
      return orderIds.map((id) => parcels.filter((parcel) => parcel.order_id === trackingFor(id)).length);
    },
  },
];

/**
 * Saisie when things go wrong between the product and ZR Express: after every fault, each order
 * sent is exactly one parcel at ZR, and saisie in the product.
 */
describe.each(CARRIERS)('Saisie under faults ($api)', (carrier) => {
  let system: TestSystem;
  let redis: TcpProxy;
  let worker: ServiceProcess;
  let owner: TestUser;
  let account: DeliveryAccountView;
  let orders: OrderView[];

  /** delivery/zr alone reaches Redis through the proxy: cutting it is its Redis restarting. */
  const startWorker = async (env: Record<string, string>) => {
    worker = await system.startService('delivery-zr', {
      REDIS_URL: redis.url(await serviceRedisUrl(system.redis.url, 'delivery-zr')),
      // Yalidine's adapter has its own batch size and timeout: the same faults call for the same values.
      YALIDINE_BATCH_SIZE: env.ZR_BATCH_SIZE,
      YALIDINE_TIMEOUT_MS: env.ZR_TIMEOUT_MS,
      ...ROOMY_YALIDINE_QUOTA_ENV,
      ...env,
    });
  };

  beforeAll(async () => {
    redis = await TcpProxy.for(await testRedisServer());
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan'],
      youcanSandbox: true,
      zrSandbox: true,
      yalidineSandbox: carrier.api === 'yalidine',
    });
    await carrier.setSandbox(system, {});
    await startWorker({ ZR_BATCH_SIZE: '5', ZR_TIMEOUT_MS: '30000' });
    owner = await registerUser(system, 'Amina Owner');
    orders = (await storeWithOrders(system, owner, 'faults', 60 + UNDER_LOAD, 150_000)).orders;
    account = await carrier.addAccount(system, owner);
    await confirmAndSetDelivery(system, owner, orders, account);
  }, 300_000);
  afterAll(async () => {
    await system?.stop();
    await redis?.cut();
  });

  const ids = (from: number, to: number) => orders.slice(from, to).map((order) => order._id);
  const parcelCounts = (orderIds: string[]) => carrier.parcelCounts(system, orderIds);
  const faultSandbox = (settings: Record<string, number>) => carrier.setSandbox(system, settings);
  const statuses = async (orderIds: string[]) => {
    const listed = (
      await system.request('GET', '/api/orders/youcan?limit=500&status=saisie', undefined, owner.token)
    ).body as unknown as OrderView[];
    return orderIds.map((id) => listed.some((order) => order._id === id));
  };

  it('survives the worker killed after ZR accepted a batch and before it was recorded', async () => {
    const batch = ids(0, 10);
    await faultSandbox({ timeoutAfterAcceptRate: 1, timeoutAfterAcceptMs: 60_000 });
    const jobId = await startSaisie(system, owner, batch);
    await waitFor(
      'ZR to accept the first batch',
      () => parcelCounts(batch),
      (counts) => counts.filter(Boolean).length >= 5,
    );
    await worker.kill();
    const recorded = await query(system, 'select state from delivery_zr.parcels where job_id = $1', [jobId]);
    expect(recorded.map((row) => row.state)).toEqual(['sending', 'sending', 'sending', 'sending', 'sending']);

    await faultSandbox({ timeoutAfterAcceptRate: 0 });
    await startWorker({ ZR_BATCH_SIZE: '5', ZR_TIMEOUT_MS: '1500' });
    const view = await saisieFinished(system, owner, jobId, 90_000);
    expect(view.successfullOrders.sort()).toEqual([...batch].sort());
    expect(await parcelCounts(batch)).toEqual(batch.map(() => 1));
    expect(await statuses(batch)).toEqual(batch.map(() => true));
  });

  it('reads parcels back when ZR accepts them but its answer never comes', async () => {
    const batch = ids(10, 30);
    await faultSandbox({ timeoutAfterAcceptRate: 1, timeoutAfterAcceptMs: 3_000 });
    const view = await saisieFinished(system, owner, await startSaisie(system, owner, batch), 90_000);
    await faultSandbox({ timeoutAfterAcceptRate: 0 });
    expect(view.successfullOrders).toHaveLength(20);
    expect(await parcelCounts(batch)).toEqual(batch.map(() => 1));
    expect(worker.linesWith('Carrier call failed').length).toBeGreaterThan(0);
  });

  it('finishes a saisie whose Redis went away and came back mid-job', async () => {
    const batch = ids(30, 60);
    await faultSandbox({ latencyMs: 400 });
    const jobId = await startSaisie(system, owner, batch);
    const before = await waitFor(
      'the first batches',
      () => saisieStatus(system, owner, jobId),
      (view) => view.progress.done >= 5,
    );
    await redis.cut();
    expect(before.progress.done).toBeLessThan(30);
    await sleep(2_000);
    await redis.restore();
    const view = await saisieFinished(system, owner, jobId, 90_000);
    await faultSandbox({ latencyMs: 0 });
    expect(view.successfullOrders).toHaveLength(30);
    expect(await parcelCounts(batch)).toEqual(batch.map(() => 1));
  });

  it(`accounts for all of ${UNDER_LOAD} orders sent through latency and failures, one parcel each`, async () => {
    await worker.stop();
    await startWorker({ ZR_BATCH_SIZE: '50', ZR_TIMEOUT_MS: '5000' });
    const batch = ids(60, 60 + UNDER_LOAD);
    await faultSandbox({ latencyMs: 20, failureRate: 0.2 });
    const view = await saisieFinished(system, owner, await startSaisie(system, owner, batch), 180_000);
    await faultSandbox({ latencyMs: 0, failureRate: 0 });
    expect(view.state).toBe('completed');
    expect(view.progress).toEqual({ done: UNDER_LOAD, total: UNDER_LOAD });
    expect(view.successfullOrders).toHaveLength(UNDER_LOAD);
    expect(await parcelCounts(batch)).toEqual(batch.map(() => 1));
  });
});
