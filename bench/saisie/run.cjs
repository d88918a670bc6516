// Bulk saisie of 10,000 confirmed orders with the ZR sandbox answering in 200 ms per call. Prints
// orders per second against the bound the carrier's latency and the batch size allow, and the
// number of duplicate parcels (must be 0). A benchmark, not a test: nothing is asserted.
// Loopback only; its own database and Redis database, dropped at the end; bounded in time.
const { randomUUID } = require('node:crypto');
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { setTimeout: sleep } = require('node:timers/promises');
const { Client } = require('pg');
const { build } = require('../../deploy/local/build.cjs');

const root = join(__dirname, '..', '..');
const TOTAL = Number(process.env.BENCH_ORDERS ?? 10_000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 200);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const PER_REQUEST = 1000; // the API's largest orderIds list
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 900);

async function main() {
  const guard = setTimeout(() => {
    console.error(`Stopped after ${MAX_SECONDS} s`);
    process.exit(2);
  }, MAX_SECONDS * 1000);
  guard.unref();

  console.log('Building…');
  build();
  const { TestSystem } = require('@tawsil/testing');
  const system = await TestSystem.start({
    zrSandbox: true,
    env: {
      LOG_LEVEL: 'warn',
      ZR_BATCH_SIZE: String(BATCH),
      SAISIE_CONCURRENCY: String(CONCURRENCY),
      ZR_TIMEOUT_MS: '10000',
    },
  });
  const db = new Client({ connectionString: system.database.url });
  await db.connect();
  try {
    const registered = await system.request('POST', '/api/users/register', {
      name: 'Bench Owner',
      email: 'bench-saisie@shop.dz',
      password: 'souk-el-fellah',
    });
    const owner = { id: registered.body._id, token: registered.body.token, store: randomUUID() };
    await db.query(
      `insert into stores_youcan.stores (id, owner_id, name, youcan_store_id, access_token, token_expires_at, sync_state)
       values ($1, $2, 'bench', 'bench-youcan', 'v1:x:x', now() + interval '1 year', 'synced')`,
      [owner.store, owner.id],
    );
    const credentials = await (await fetch(`${system.zrSandboxUrl}/_sandbox/credentials`)).json();
    const added = await system.request(
      'POST',
      '/api/delivery/account',
      { company: 'zrexpress', storeName: 'Bench', apiKey: credentials.key, apiSecret: credentials.token },
      owner.token,
    );
    const account = added.body.account;
    await db.query(
      `insert into orders.orders (store_id, external_id, ref, order_date, source_updated_at, customer_name,
         customer_phone, region_raw, wilaya_code, city, items, first_product_name, quantity, total, currency,
         status, delivery)
       select $1::uuid, 'ext-' || i, lpad(i::text, 6, '0'), now() - (i || ' minutes')::interval, now(),
         'Client ' || i, '0555' || lpad(i::text, 6, '0'), 'Alger', 16, 'Bab Ezzouar',
         jsonb_build_array(jsonb_build_object('productName', 'Produit', 'quantity', 1, 'price', 2500)),
         'Produit', 1, 2500, 'DZD', 'confirmé',
         jsonb_build_object('deliveryAccount', jsonb_build_object('_id', $2::text, 'company', 'zrexpress',
           'storeName', 'Bench'), 'wilaya', '16', 'isStopDesk', false, 'commune', 'Bab Ezzouar')
       from generate_series(1, $3::int) as i`,
      [owner.store, account._id, TOTAL],
    );
    const { rows } = await db.query('select id from orders.orders where store_id = $1', [owner.store]);
    const orderIds = rows.map((row) => row.id);
    await fetch(`${system.zrSandboxUrl}/_sandbox/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: LATENCY_MS }),
    });

    console.log(`Sending ${TOTAL.toLocaleString('en')} orders in requests of ${PER_REQUEST}…`);
    const started = performance.now();
    const jobIds = [];
    for (let start = 0; start < orderIds.length; start += PER_REQUEST) {
      const answer = await system.request(
        'POST',
        '/api/ZR/saisie',
        { orderIds: orderIds.slice(start, start + PER_REQUEST) },
        owner.token,
      );
      jobIds.push(answer.body.jobId);
    }
    const views = new Map();
    while (views.size < jobIds.length) {
      for (const jobId of jobIds) {
        if (views.has(jobId)) continue;
        const view = (await system.request('GET', `/api/ZR/saisie/${jobId}`, undefined, owner.token)).body;
        if (view.state === 'completed' || view.state === 'failed') views.set(jobId, view);
      }
      await sleep(250);
    }
    const seconds = (performance.now() - started) / 1000;

    const sent = [...views.values()].reduce((sum, view) => sum + view.successfullOrders.length, 0);
    const failed = [...views.values()].reduce((sum, view) => sum + view.failedOrders.length, 0);
    const parcels = await (await fetch(`${system.zrSandboxUrl}/_sandbox/parcels`)).json();
    const perOrder = new Map();
    for (const parcel of parcels) perOrder.set(parcel.id_Externe, (perOrder.get(parcel.id_Externe) ?? 0) + 1);
    const duplicates = [...perOrder.values()].reduce((sum, count) => sum + count - 1, 0);
    const {
      rows: [{ saisie }],
    } = await db.query(
      `select count(*)::int as saisie from orders.orders where store_id = $1 and status = 'saisie'`,
      [owner.store],
    );
    // One add_colis call per batch, the calls of a job one after the other, jobs side by side.
    const bound = (CONCURRENCY * BATCH * 1000) / LATENCY_MS;
    const result = {
      orders: TOTAL,
      latencyMs: LATENCY_MS,
      batch: BATCH,
      concurrency: CONCURRENCY,
      seconds: Number(seconds.toFixed(1)),
      ordersPerSecond: Number((TOTAL / seconds).toFixed(1)),
      boundPerSecond: bound,
      sent,
      failed,
      parcels: parcels.length,
      duplicates,
      ordersSaisie: saisie,
    };
    console.log(
      `${TOTAL} orders in ${seconds.toFixed(1)} s: ${(TOTAL / seconds).toFixed(0)} orders/s ` +
        `(bound ${bound} orders/s = ${CONCURRENCY} jobs × ${BATCH} parcels / ${LATENCY_MS} ms), ` +
        `${sent} sent, ${failed} failed, ${parcels.length} parcels, ${duplicates} duplicate parcels, ` +
        `${saisie} orders saisie`,
    );
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'saisie.json'), JSON.stringify(result, null, 2));
  } finally {
    await db.end();
    await system.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
