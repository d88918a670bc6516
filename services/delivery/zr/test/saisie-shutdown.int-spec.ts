import type { DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import type { OrderView } from '@tawsil/contracts/orders';
import {
  addZrAccount,
  confirmAndSetDelivery,
  registerUser,
  saisieFinished,
  saisieStatus,
  sandboxParcels,
  type ServiceProcess,
  setZrSandbox,
  startSaisie,
  storeWithOrders,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';

/** What an orchestrator allows between SIGTERM and SIGKILL, well under Kubernetes' default 30 s. */
const GRACE_PERIOD_MS = 10_000;
const WORKER_ENV = { ZR_BATCH_SIZE: '5', ZR_TIMEOUT_MS: '10000' };
const ERROR_LEVEL = 50;

/**
 * A saisie worker stopped the way Kubernetes stops a pod, in the middle of a job: it takes no new
 * work, hands the job back after the batch it is sending, and exits by itself; the other worker
 * finishes the job, and every order is one parcel at ZR.
 */
describe('Saisie worker stopped with SIGTERM mid-job', () => {
  let system: TestSystem;
  let owner: TestUser;
  let account: DeliveryAccountView;
  let orders: OrderView[];
  let first: ServiceProcess;

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan'],
      youcanSandbox: true,
      zrSandbox: true,
    });
    first = await system.startService('delivery-zr', WORKER_ENV);
    owner = await registerUser(system, 'Amina Owner');
    orders = (await storeWithOrders(system, owner, 'shutdown', 120)).orders;
    account = await addZrAccount(system, owner);
    await confirmAndSetDelivery(system, owner, orders, account);
    // A system, a second delivery-zr and 120 orders confirmed one by one: well past a minute when
    // the other test files load both cores.
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
  });

  it('hands the job back to the other worker and exits with 0 within its grace period', async () => {
    // Slow enough (24 batches of 5, a second each) that the job is still running once the second
    // worker, which may take many seconds to start on a loaded machine, is ready.
    await setZrSandbox(system, { latencyMs: 1000 });
    const orderIds = orders.map((order) => order._id);
    const jobId = await startSaisie(system, owner, orderIds);
    await waitFor(
      'the first batches',
      () => saisieStatus(system, owner, jobId),
      (view) => view.progress.done >= 10,
    );
    const second = await system.startService('delivery-zr', WORKER_ENV);
    expect((await saisieStatus(system, owner, jobId)).progress.done).toBeLessThan(orderIds.length - 20);

    const stopping = Date.now();
    await first.stop();
    const stoppedInMs = Date.now() - stopping;

    expect(first.exit).toEqual({ code: 0, signal: null });
    expect(stoppedInMs).toBeLessThan(GRACE_PERIOD_MS);
    expect(first.linesWith('Job handed back')).toHaveLength(1);
    expect(errorsIn(first)).toEqual([]);

    const view = await saisieFinished(system, owner, jobId, 90_000);
    await setZrSandbox(system, { latencyMs: 0 });
    expect(view.state).toBe('completed');
    expect(view.progress).toEqual({ done: orderIds.length, total: orderIds.length });
    expect([...view.successfullOrders].sort()).toEqual([...orderIds].sort());
    expect(view.failedOrders).toEqual([]);
    expect(second.linesWith('Saisie finished')).toHaveLength(1);

    const parcels = await sandboxParcels(system);
    const perOrder = orderIds.map((id) => parcels.filter((parcel) => parcel.id_Externe === id).length);
    expect(perOrder).toEqual(orderIds.map(() => 1));
  }, 150_000);
});

const errorsIn = (process: ServiceProcess) =>
  process.logs.filter((line) => (line.level ?? 0) >= ERROR_LEVEL).map((line) => line.msg);
