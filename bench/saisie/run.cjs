// Bulk saisie of 10,000 confirmed orders with the carrier's sandbox (BENCH_CARRIER) answering in 200 ms per call. Prints
// orders per second against the bound the carrier's latency and the batch size allow, and the
// number of duplicate parcels (must be 0). A benchmark, not a test: nothing is asserted.
// Loopback only; its own database and Redis database, dropped at the end; bounded in time.
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { build } = require('../../deploy/local/build.cjs');
const { runBench, writeResult } = require('../lib/run-bench.cjs');
const { insertOrders, ownerWithStore, saisiesFinished, startSaisies } = require('../lib/world.cjs');
const { carrierFor } = require('./carriers.cjs');

const TOTAL = Number(process.env.BENCH_ORDERS ?? 10_000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 200);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const PER_REQUEST = 1000; // the API's largest orderIds list
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 900);
const CARRIER = process.env.BENCH_CARRIER ?? 'procolis';

async function main() {
  const carrier = carrierFor(CARRIER);
  console.log('Building…');
  await build();
  const { TestSystem } = require('@tawsil/testing');
  const system = await TestSystem.start({
    zrSandbox: true,
    ...carrier.system,
    env: {
      LOG_LEVEL: 'warn',
      ZR_BATCH_SIZE: String(BATCH),
      SAISIE_CONCURRENCY: String(CONCURRENCY),
      ZR_TIMEOUT_MS: '10000',
      ...carrier.env?.(BATCH),
    },
  });
  const db = new Client({ connectionString: system.database.url });
  await db.connect();
  try {
    const owner = await ownerWithStore(system, db, {
      name: 'Bench Owner',
      email: 'bench-saisie@shop.dz',
      storeName: 'bench',
    });
    const account = await carrier.addAccount(system, owner, 'Bench');
    const orderIds = await insertOrders(db, owner, { count: TOTAL, account });
    await carrier.setLatency(system, LATENCY_MS);

    console.log(`Sending ${TOTAL.toLocaleString('en')} orders to ${CARRIER} in requests of ${PER_REQUEST}…`);
    const started = performance.now();
    const jobIds = await startSaisies(system, owner, orderIds, PER_REQUEST);
    const views = await saisiesFinished(system, owner, jobIds);
    const seconds = (performance.now() - started) / 1000;

    const sent = [...views.values()].reduce((sum, view) => sum + view.successfullOrders.length, 0);
    const failed = [...views.values()].reduce((sum, view) => sum + view.failedOrders.length, 0);
    const perOrder = await carrier.parcelsPerOrder(system);
    const parcels = [...perOrder.values()].reduce((sum, count) => sum + count, 0);
    const duplicates = parcels - perOrder.size;
    const {
      rows: [{ saisie }],
    } = await db.query(
      `select count(*)::int as saisie from orders.orders where store_id = $1 and status = 'saisie'`,
      [owner.store],
    );
    // One create call per batch, the calls of a job one after the other, jobs side by side.
    const latencyBound = (CONCURRENCY * BATCH * 1000) / LATENCY_MS;
    // A carrier with rate limits (Yalidine) caps it lower.
    const bound = Number((carrier.bound?.(latencyBound, BATCH, TOTAL) ?? latencyBound).toFixed(1));
    const result = {
      carrier: CARRIER,
      orders: TOTAL,
      latencyMs: LATENCY_MS,
      batch: BATCH,
      concurrency: CONCURRENCY,
      seconds: Number(seconds.toFixed(1)),
      ordersPerSecond: Number((TOTAL / seconds).toFixed(1)),
      boundPerSecond: bound,
      sent,
      failed,
      parcels,
      duplicates,
      ordersSaisie: saisie,
    };
    console.log(
      `${CARRIER}: ${TOTAL} orders in ${seconds.toFixed(1)} s: ${(TOTAL / seconds).toFixed(0)} orders/s, ` +
        `${((TOTAL / seconds / bound) * 100).toFixed(0)}% of the bound ` +
        (bound < latencyBound
          ? `(${bound} orders/s: ${BATCH} parcels a call within the carrier's quota), `
          : `(${bound} orders/s = ${CONCURRENCY} jobs × ${BATCH} parcels / ${LATENCY_MS} ms), `) +
        `${sent} sent, ${failed} failed, ${parcels} parcels, ${duplicates} duplicate parcels, ` +
        `${saisie} orders saisie`,
    );
    writeResult(CARRIER === 'procolis' ? 'saisie' : `saisie-${CARRIER}`, result);
  } finally {
    await db.end();
    await system.stop();
  }
}

runBench(main, MAX_SECONDS);
