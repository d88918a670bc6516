import type { DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import type { OrderView } from '@tawsil/contracts/orders';
import { QueueName, RepairSweeps } from '@tawsil/contracts/queues';
import { bullConnection } from '@tawsil/nest-common';
import {
  addZrAccount,
  confirmAndSetDelivery,
  metricValue,
  query,
  registerUser,
  saisieFinished,
  saisieStatus,
  scrapeMetrics,
  setZrSandbox,
  startSaisie,
  storeWithOrders,
  TestSystem,
  type TestUser,
  waitFor,
  zrSandbox,
} from '@tawsil/testing';
import { Queue, Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** Saisie and tracking when a message is lost or a worker dies at the wrong moment. */
describe('Repair sweeps for deliveries', () => {
  let system: TestSystem;
  let owner: TestUser;
  let account: DeliveryAccountView;
  let orders: OrderView[];

  const queue = (name: QueueName) =>
    new Queue(name, { connection: bullConnection(system.redis.url), prefix: 'tawsil' });
  const ids = (from: number, to: number) => orders.slice(from, to).map((order) => order._id);
  const statusOf = async (orderIds: string[]) =>
    (
      await query<{ id: string; status: string }>(
        system,
        'select id, status from orders.orders where id = any($1::uuid[])',
        [orderIds],
      )
    )
      .sort((a, b) => orderIds.indexOf(a.id) - orderIds.indexOf(b.id))
      .map((row) => row.status);
  /** The sum over every running delivery-zr instance. */
  const deliveryMetric = async (name: string, labels: Record<string, string>) => {
    let total = 0;
    for (const instance of system.instances('delivery-zr'))
      total += metricValue(await scrapeMetrics(instance.metricsUrl), name, labels);
    return total;
  };

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
      zrSandbox: true,
      // The sweeps run only when a test starts an instance with a short interval.
      env: {
        ZR_TRACKING_INTERVAL_MS: '500',
        ZR_BATCH_SIZE: '2',
        REPAIR_PARCELS_INTERVAL_MS: '3600000',
        REPAIR_SAISIES_INTERVAL_MS: '3600000',
      },
    });
    owner = await registerUser(system, 'Amina Owner');
    orders = (await storeWithOrders(system, owner, 'repairs', 16)).orders;
    account = await addZrAccount(system, owner);
    await confirmAndSetDelivery(system, owner, orders, account);
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('runs one saisie at a time on an account: a second one waits, then runs', async () => {
    await setZrSandbox(system, { latencyMs: 300 });
    try {
      const first = await startSaisie(system, owner, ids(0, 6));
      const second = await startSaisie(system, owner, ids(6, 12));
      await waitFor(
        'one of them to send',
        async () => [
          (await saisieStatus(system, owner, first)).state,
          (await saisieStatus(system, owner, second)).state,
        ],
        (states) => states.includes('active'),
      );
      const [a, b] = await Promise.all([
        saisieFinished(system, owner, first),
        saisieFinished(system, owner, second),
      ]);
      expect([a.state, a.successfullOrders.length, b.state, b.successfullOrders.length]).toEqual([
        'completed',
        6,
        'completed',
        6,
      ]);
      // Every outcome of one saisie was decided before the first of the other's.
      const spans = await query<{ job_id: string; first: Date; last: Date }>(
        system,
        `select job_id, min(decided_at) as first, max(decided_at) as last from delivery_zr.saisie_outcomes
         where job_id = any($1::uuid[]) group by job_id order by first`,
        [[first, second]],
      );
      expect(spans).toHaveLength(2);
      expect(spans[0].last.getTime()).toBeLessThanOrEqual(spans[1].first.getTime());
    } finally {
      await setZrSandbox(system, { latencyMs: 0 });
    }
  });

  it('announces again parcels whose notice was lost, then tracks them in order: saisie before en cours', async () => {
    const batch = ids(12, 15);
    const parcelEvents = queue(QueueName.OrdersParcelEvents);
    let jobId: string;
    try {
      // The notice is queued while orders cannot take it, then lost.
      await parcelEvents.pause();
      jobId = await startSaisie(system, owner, batch);
      const view = await saisieFinished(system, owner, jobId, 90_000);
      expect(view.successfullOrders.sort()).toEqual([...batch].sort());
      await (await parcelEvents.getJob(`saisie-${jobId}`))!.remove();
      await parcelEvents.resume();
    } finally {
      await parcelEvents.close();
    }

    // ZR moves the parcels on; tracking holds their states while orders has not made them saisie.
    await zrSandbox(system, 'POST', '/_sandbox/parcels/advance');
    await zrSandbox(system, 'POST', '/_sandbox/parcels/advance'); // Dispatcher: en cours de livraison
    await sleep(2_000);
    expect(await statusOf(batch)).toEqual(batch.map(() => 'confirmé'));

    await system.startService('delivery-zr', { REPAIR_PARCELS_INTERVAL_MS: '500' });
    await waitFor(
      'the orders to be out for delivery',
      () => statusOf(batch),
      (statuses) => statuses.every((status) => status === 'en cours de livraison'),
    );
    const history = await query<{ changes: string }>(
      system,
      'select changes from orders.order_history where order_id = $1 order by at, id',
      [batch[0]],
    );
    expect(history.map((entry) => entry.changes.replace(/ \(.*\)$/, '')).slice(-2)).toEqual([
      'status: confirmé → saisie',
      'status: saisie → en cours de livraison',
    ]);
    expect(
      await deliveryMetric('tawsil_repair_items_total', { sweep: RepairSweeps.unannouncedParcels }),
    ).toBe(3);
  });

  it('ends failed a saisie whose job failed without recording it', async () => {
    // The worker dies between BullMQ failing the job and the hook that records it: no delivery-zr
    // runs while the job fails, and the saisie row stays active.
    await Promise.all(system.instances('delivery-zr').map((instance) => instance.stop()));
    const saisieId = randomUUID();
    const [order] = ids(15, 16);
    await query(
      system,
      `insert into delivery_zr.saisie_jobs (id, owner_id, owner_name, store_ids, order_ids, selection_hash, state)
       values ($1, $2, $3, $4::uuid[], $5::uuid[], $6, 'active')`,
      [saisieId, owner.id, owner.name, [orders[15].storeId], [order], randomUUID()],
    );
    const saisies = queue(QueueName.ZrSaisie);
    const dying = new Worker(
      QueueName.ZrSaisie,
      async () => {
        throw new Error('ZR Express refused the batch');
      },
      { connection: bullConnection(system.redis.url), prefix: 'tawsil' },
    );
    try {
      await saisies.add('saisie', { saisieId }, { jobId: saisieId, attempts: 1 });
      await waitFor(
        'the job to fail',
        async () => (await saisies.getJob(saisieId))?.getState(),
        (state) => state === 'failed',
      );
    } finally {
      await dying.close();
      await saisies.close();
    }

    const worker = await system.startService('delivery-zr', { REPAIR_SAISIES_INTERVAL_MS: '500' });
    const view = await saisieFinished(system, owner, saisieId);
    expect(view.state).toBe('failed');
    expect(view.failedOrders).toEqual([
      {
        id: order,
        reason: 'Saisie stopped: ZR Express refused the batch',
        reasonCode: 'saisie.reason.stopped',
        reasonParams: { reason: 'ZR Express refused the batch' },
      },
    ]);
    const metrics = await scrapeMetrics(worker.metricsUrl);
    expect(metricValue(metrics, 'tawsil_repair_items_total', { sweep: RepairSweeps.abandonedSaisies })).toBe(
      1,
    );
    // The failed-jobs gauge that the alert of deploy/METRICS.md watches.
    expect(metricValue(metrics, 'tawsil_queue_jobs', { queue: QueueName.ZrSaisie, state: 'failed' })).toBe(1);
  });
});
