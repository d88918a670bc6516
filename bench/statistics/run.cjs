// The statistics endpoint at a million orders: one owner's year (two stores, eight agents, forty
// products, every wilaya) loaded through the same trigger that keeps the summary rows in
// production, then `GET /api/statistics` for the whole year, the last 30 days and one store,
// through the gateway (autocannon, 1 and 8 connections, warm-up, 3 runs, median) and its two
// queries straight on PostgreSQL. A benchmark, not a test: it prints figures and asserts only that
// the figures it reads add up to what it loaded. Loopback only; its own databases; bounded in time.
const { randomUUID } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const { build } = require('../../deploy/local/build.cjs');
const { measureApi, median, numbered } = require('../lib/measure.cjs');
const { insertStore } = require('../lib/world.cjs');

const root = join(__dirname, '..', '..');
const TOTAL = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const CHUNK = 50_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = 3;
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 1200);
const AGENTS = Array.from({ length: 8 }, (_, i) => ({ id: randomUUID(), name: `Agent ${i + 1}` }));

const algerianDay = (date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Algiers' }).format(date);

async function main() {
  const guard = setTimeout(() => {
    console.error(`Stopped after ${MAX_SECONDS} s`);
    process.exit(2);
  }, MAX_SECONDS * 1000);
  guard.unref();

  console.log('Building…');
  await build();
  const { TestSystem } = require('@tawsil/testing');
  const system = await TestSystem.start({
    services: ['identity', 'orders', 'stores-youcan'],
    env: { LOG_LEVEL: 'warn' },
  });
  const db = new Client({ connectionString: system.database.url });
  await db.connect();
  try {
    const registered = await system.request('POST', '/api/users/register', {
      name: 'Owner',
      email: 'bench-statistics@shop.dz',
      password: 'souk-el-fellah',
    });
    const owner = {
      id: registered.body._id,
      token: registered.body.token,
      stores: [randomUUID(), randomUUID()],
    };
    for (const [i, store] of owner.stores.entries())
      await insertStore(db, { id: store, ownerId: owner.id, name: `bench-${i}` });
    const loadSeconds = await load(db, owner.stores);

    const today = algerianDay(new Date());
    const dayBefore = (days) => algerianDay(new Date(Date.now() - days * 86_400_000));
    const year = `from=${dayBefore(365)}&to=${today}`;
    const whole = await system.request('GET', `/api/statistics?${year}`, undefined, owner.token);
    if (whole.status !== 200 || whole.body.totals.orders !== TOTAL)
      throw new Error(
        `The year counts ${whole.body.totals?.orders} orders, not ${TOTAL}: ${JSON.stringify(whole.body).slice(0, 300)}`,
      );
    const { rows } = await db.query('select count(*)::int as n from orders.order_stats');
    console.log(`Summary rows: ${rows[0].n.toLocaleString('en')} for ${TOTAL.toLocaleString('en')} orders`);

    const scenarios = [
      { name: 'a year', query: year },
      { name: 'last 30 days', query: `from=${dayBefore(29)}&to=${today}` },
      { name: 'a year, one store', query: `${year}&storeId=${owner.stores[0]}` },
    ];
    const results = [];
    for (const scenario of scenarios)
      for (const connections of [1, 8]) {
        const api = await measureApi(system.gatewayUrl, owner.token, `/api/statistics?${scenario.query}`, {
          connections,
          seconds: DURATION_S,
          runs: RUNS,
        });
        results.push({ scenario: scenario.name, connections, ...api });
        console.log(
          `${scenario.name.padEnd(18)} c=${String(connections).padEnd(2)} p50 ${api.p50.toFixed(0)} ms  p99 ${api.p99.toFixed(0)} ms  ${api.rps.toFixed(1)} req/s`,
        );
      }
    const sql = await measureSql(db, owner.stores, dayBefore(365), today);
    console.log(`The year's two queries straight on PostgreSQL: median ${sql.toFixed(0)} ms`);
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(
      join(root, 'bench', 'results', 'statistics.json'),
      JSON.stringify({ total: TOTAL, summaryRows: rows[0].n, loadSeconds, sqlMs: sql, results }, null, 2),
    );
  } finally {
    await db.end();
    await system.stop();
  }
}

/**
 * A year of orders in statements of 50,000, as a big import would write them: the trigger counts
 * each statement's rows into the summary. A third are in the second store; most are handled by
 * one of eight agents; one order in four holds two products.
 */
async function load(db, stores) {
  const started = performance.now();
  for (let from = 1; from <= TOTAL; from += CHUNK) {
    await db.query(
      `insert into orders.orders (store_id, external_id, ref, order_date, source_updated_at, customer_name,
         customer_phone, region_raw, wilaya_code, city, items, first_product_name, quantity, total, currency,
         status, status_by_id, status_by_name)
       select case when i % 3 = 0 then $2::uuid else $1::uuid end, 'ext-' || i, lpad(i::text, 7, '0'),
         now() - ((i::bigint * 7919) % 525600) * interval '1 minute', now(),
         'Client ' || i, '0555' || lpad((i % 1000000)::text, 6, '0'), 'Wilaya ' || (1 + i % 58), 1 + i % 58, 'Commune',
         jsonb_build_array(jsonb_build_object('productName', 'Produit ' || (i % 40), 'quantity', 1, 'price', 2500))
           || case when i % 4 = 0 then jsonb_build_array(jsonb_build_object('productName', 'Produit ' || ((i / 4) % 40), 'quantity', 1, 'price', 1500)) else '[]' end,
         'Produit ' || (i % 40), 1, 2500 + (i % 4 = 0)::int * 1500, 'DZD', s.status,
         case when s.status not in ('pending', 'test') then ($3::uuid[])[1 + i % 8] end,
         case when s.status not in ('pending', 'test') then ($4::text[])[1 + i % 8] end
       from generate_series($5::int, least($5::int + $6::int - 1, $7::int)) as i
       cross join lateral (select (array['livrée','livrée','livrée','livrée','retour','en cours de livraison','saisie',
         'confirmé','annulée','annulée','pas de réponse','reporté','pending','test','livrée','livrée','retour','annulée',
         'confirmé','livrée'])[1 + (i * 31) % 20] as status) s`,
      [stores[0], stores[1], AGENTS.map((a) => a.id), AGENTS.map((a) => a.name), from, CHUNK, TOTAL],
    );
    process.stdout.write(`\rLoaded ${Math.min(from + CHUNK - 1, TOTAL).toLocaleString('en')} orders`);
  }
  await db.query('vacuum analyze orders.orders');
  await db.query('vacuum analyze orders.order_stats');
  const seconds = (performance.now() - started) / 1000;
  console.log(` in ${seconds.toFixed(0)} s (${(TOTAL / seconds).toFixed(0)} orders/s with the summary kept)`);
  return seconds;
}

/** The use case's two statements, as the repository builds them, one after the other, 10 times. */
async function measureSql(db, stores, from, to) {
  const {
    totalsQuery,
    perDayQuery,
  } = require('../../services/orders/dist/src/statistics/statistics.repository.js');
  const statements = [totalsQuery, perDayQuery].map((build) => numbered(build(stores, { from, to })));
  const timings = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    for (const query of statements) await db.query(query);
    timings.push(performance.now() - started);
  }
  return median(timings);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
