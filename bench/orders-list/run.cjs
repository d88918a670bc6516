// The orders list at a million orders: 20 owners, one of them with 200,000. Measures the list,
// a deep page, a status + wilaya filter, a name search, a phone search in its +213 form and an
// accented product search through the gateway (autocannon, 1 and
// 32 connections, warm-up, 3 runs, median), and the same SQL straight on PostgreSQL, and prints
// p50, p99, throughput, the CPU each process spends per answer, and the API / SQL ratios against
// their targets. A benchmark, not a test: nothing is asserted.
// Loopback only; its own database and Redis database, dropped at the end; bounded in time.
const { mkdirSync, writeFileSync } = require('node:fs');
const { loadavg } = require('node:os');
const { resolve } = require('node:path');
const { performance } = require('node:perf_hooks');
const { Client, Pool } = require('pg');
const { build } = require('../../deploy/local/build.cjs');
const {
  backendsOf,
  cpuPerAnswer,
  cpuSnapshot,
  measureApi,
  median,
  numbered,
  percentile,
} = require('../lib/measure.cjs');
const { runBench, writeResult } = require('../lib/run-bench.cjs');
const { ownerWithStore } = require('../lib/world.cjs');

const TOTAL = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const OWNERS = 20;
const BIG = Math.round(TOTAL / 5);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = 3;
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 1500);
/** A comma-separated subset of the scenarios' names, e.g. `list,deep page`. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
/** Where the services write their CPU profiles (`--cpu-prof`), read by profile-summary.cjs. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR && resolve(process.env.BENCH_PROFILE_DIR);

/** Issue 20's targets: at one connection, API p50 ÷ SQL p50; at 32, API throughput ÷ SQL throughput. */
const MAX_P50_RATIO = 2.0;
const MIN_THROUGHPUT_SHARE = 0.5;
const PROFILED = ['gateway', 'orders', 'identity', 'stores-youcan'];
/** The bench's own SQL connections, told apart from the services' by their application name. */
const SQL_APPLICATION = 'bench-sql';

async function main() {
  console.log('Building…');
  await build();
  const { TestSystem } = require('@tawsil/testing');
  const {
    pageQuery,
    cappedCountQuery,
    exactCountQuery,
  } = require('../../services/orders/dist/src/orders/orders-query.repository.js');
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const system = await TestSystem.start({
    services: ['identity', 'orders', 'stores-youcan'],
    env: {
      LOG_LEVEL: 'warn',
      ...(PROFILE_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${PROFILE_DIR}` } : {}),
    },
  });
  const pids = Object.fromEntries(PROFILED.map((name) => [name, system.instances(name)[0].pid]));
  if (PROFILE_DIR) writeFileSync(resolve(PROFILE_DIR, 'processes.json'), JSON.stringify(pids));
  const db = new Client({ connectionString: system.database.url });
  await db.connect();
  try {
    const owners = [];
    for (let i = 0; i < OWNERS; i++)
      owners.push(
        await ownerWithStore(system, db, {
          name: `Owner ${i}`,
          email: `bench-owner-${i}@shop.dz`,
          storeName: `bench-${i}`,
        }),
      );
    await load(db, owners);
    const big = owners[0];

    const { rows: deep } = await db.query(
      `select order_date, id from orders.orders where store_id = $1 order by order_date desc, id desc offset $2 limit 1`,
      [big.store, BIG - 1000],
    );
    const cursor = Buffer.from(`${deep[0].order_date.toISOString()}|${deep[0].id}`).toString('base64url');
    const scenarios = [
      { name: 'list', query: '', filters: {} },
      {
        name: 'deep page',
        query: `&cursor=${cursor}`,
        filters: {},
        cursor: { orderDate: deep[0].order_date.toISOString(), id: deep[0].id },
      },
      {
        name: 'status + wilaya',
        query: `&status=${encodeURIComponent('confirmé')}&region=16`,
        filters: { status: 'confirmé', wilayaCode: 16 },
      },
      { name: 'name search', query: '&q=abc', filters: { q: 'abc' } },
      // A phone typed in its international form, and a product typed without its accent.
      {
        name: 'phone search',
        query: `&q=${encodeURIComponent('+213 555 01 23 45')}`,
        filters: { q: '+213 555 01 23 45' },
      },
      { name: 'accent search', query: `&q=${encodeURIComponent('PRODUÎT 3')}`, filters: { q: 'PRODUÎT 3' } },
    ];
    await expectWholePage(system, big);
    const results = [];
    const loadAverage = loadavg();
    for (const scenario of scenarios.filter((candidate) => !ONLY || ONLY.includes(candidate.name))) {
      for (const connections of [1, 32]) {
        const api = await measureApi(
          system.gatewayUrl,
          big.token,
          `/api/orders/youcan?limit=50${scenario.query}`,
          {
            connections,
            seconds: DURATION_S,
            runs: RUNS,
            pids,
            backends: backendsOf(db, { exceptApplicationName: SQL_APPLICATION }),
          },
        );
        // What orders runs for the call: the page (with the history, for an owner) and the count.
        const filters = { storeIds: [big.store], ...scenario.filters };
        const narrowed = Object.keys(scenario.filters).length > 0;
        const queries = [
          pageQuery(filters, scenario.cursor, 51, true),
          narrowed ? cappedCountQuery(filters) : exactCountQuery(filters.storeIds),
        ];
        const sql = await measureSql(system.database.url, db, queries, connections);
        const result = {
          scenario: scenario.name,
          connections,
          api,
          sql,
          ratioP50: api.p50 / sql.p50,
          throughputShare: api.rps / sql.rps,
        };
        results.push(result);
        console.log(describe(result));
      }
    }
    const verdicts = results.map(verdictOf);
    const loadAverageAtEnd = loadavg();
    const averages = (values) => values.map((value) => value.toFixed(2)).join(' ');
    console.log(
      `\nTargets (load average ${averages(loadAverage)} at the start, ${averages(loadAverageAtEnd)} at the end):`,
    );
    for (const verdict of verdicts) console.log(verdict.line);
    writeResult('orders-list', { total: TOTAL, loadAverage, loadAverageAtEnd, results, verdicts });
  } finally {
    await db.end();
    // The services write their profiles as they exit.
    await system.stop();
  }
  if (PROFILE_DIR) {
    const { print, summarizeDirectory } = require('./profile-summary.cjs');
    print(summarizeDirectory(PROFILE_DIR));
  }
}

/** Measuring an empty or refused page would say nothing: the big owner's first page, counted. */
async function expectWholePage(system, owner) {
  const answer = await system.request('GET', '/api/orders/youcan?limit=50', undefined, owner.token);
  const total = Number(answer.headers.get('x-total-count'));
  if (answer.status !== 200 || answer.body.length !== 50 || total !== BIG)
    throw new Error(
      `The list answered ${answer.status} with ${answer.body.length} orders of ${total}, not 50 of ${BIG}`,
    );
}

function describe({ scenario, connections, api, sql }) {
  const cpuOf = (perAnswer) =>
    Object.entries(perAnswer)
      .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
      .join(', ');
  return (
    `${scenario.padEnd(16)} c=${String(connections).padEnd(3)} API p50 ${api.p50.toFixed(2)} ms p99 ${api.p99.toFixed(2)} ms ${api.rps.toFixed(0)} req/s ${(api.bytesPerAnswer / 1024).toFixed(1)} KB | ` +
    `SQL p50 ${sql.p50.toFixed(2)} ms p99 ${sql.p99.toFixed(2)} ms ${sql.rps.toFixed(0)} q/s | ` +
    `API/SQL p50 ${(api.p50 / sql.p50).toFixed(2)}, req/s ${((100 * api.rps) / sql.rps).toFixed(0)}%\n` +
    `${''.padEnd(21)}CPU ms per answer, API: ${cpuOf(api.cpuMsPerAnswer)}\n` +
    `${''.padEnd(21)}CPU ms per answer, SQL: ${cpuOf(sql.cpuMsPerAnswer)}`
  );
}

/** One connection: API p50 ÷ SQL p50 ≤ 2.0; 32 connections: API throughput ≥ 50% of the SQL's. */
function verdictOf({ scenario, connections, ratioP50, throughputShare }) {
  const single = connections === 1;
  const met = single ? ratioP50 <= MAX_P50_RATIO : throughputShare >= MIN_THROUGHPUT_SHARE;
  const figure = single
    ? `API p50 ÷ SQL p50 ${ratioP50.toFixed(2)} (target ≤ ${MAX_P50_RATIO.toFixed(1)})`
    : `API req/s ÷ SQL q/s ${(100 * throughputShare).toFixed(0)}% (target ≥ ${100 * MIN_THROUGHPUT_SHARE}%)`;
  return {
    scenario,
    connections,
    met,
    line: `  ${scenario.padEnd(16)} c=${String(connections).padEnd(3)} ${figure.padEnd(46)} ${met ? 'met' : 'MISSED'}`,
  };
}

/** 1M orders, a fifth of them for the first owner, then the indexes built once and statistics. */
async function load(db, owners) {
  const started = performance.now();
  const { rows: indexes } = await db.query(
    `select indexname, indexdef from pg_indexes where schemaname = 'orders' and tablename = 'orders'
     and indexname not in ('orders_pkey', 'orders_store_external_unique')`,
  );
  for (const index of indexes) await db.query(`drop index orders.${index.indexname}`);
  const others = owners.slice(1).map((owner) => owner.store);
  const rest = Math.ceil((TOTAL - BIG) / others.length);
  for (let from = 1; from <= TOTAL; from += 100_000) {
    await db.query(
      `insert into orders.orders (store_id, external_id, ref, order_date, source_updated_at, customer_name,
         customer_phone, region_raw, wilaya_code, city, items, first_product_name, quantity, total, currency, status)
       select case when i <= $3 then $1::uuid else ($2::uuid[])[1 + ((i - $3) / $4) % array_length($2::uuid[], 1)] end,
         'ext-' || i, lpad(i::text, 7, '0'), now() - (i || ' seconds')::interval * 30, now(),
         'Client ' || substr(md5(i::text), 1, 10), '0555' || lpad((i % 1000000)::text, 6, '0'),
         'Wilaya ' || (1 + i % 58), 1 + i % 58, 'Commune', jsonb_build_array(jsonb_build_object('productName', 'Produit ' || (i % 40), 'quantity', 1, 'price', 1000)),
         'Produit ' || (i % 40), 1, 1000, 'DZD',
         (array['pending','confirmé','annulée','pas de réponse','test'])[1 + i % 5]
       from generate_series($5::int, least($5::int + 99999, $6::int)) as i`,
      [owners[0].store, others, BIG, rest, from, TOTAL],
    );
    process.stdout.write(`\rLoaded ${Math.min(from + 99_999, TOTAL).toLocaleString('en')} orders`);
  }
  for (const index of indexes) await db.query(index.indexdef);
  await db.query(
    `insert into orders.store_order_counts (store_id, orders) select store_id, count(*) from orders.orders group by store_id
     on conflict (store_id) do update set orders = excluded.orders`,
  );
  // As autovacuum would have by then: statistics, and the visibility map that index-only scans need.
  await db.query('vacuum analyze orders.orders');
  console.log(`, indexed and analysed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The queries side by side on `connections` connections, as the API call runs them, and their CPU. */
async function measureSql(url, db, queries, connections) {
  const pool = new Pool({ connectionString: url, max: connections, application_name: SQL_APPLICATION });
  const statements = queries.map(numbered);
  const once = () => Promise.all(statements.map((query) => pool.query(query)));
  const run = async (seconds) => {
    const latencies = [];
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const started = performance.now();
          await once();
          latencies.push(performance.now() - started);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      rps: latencies.length / seconds,
      answers: latencies.length,
    };
  };
  try {
    await run(2);
    const backends = backendsOf(db, { applicationName: SQL_APPLICATION });
    const before = await cpuSnapshot({}, backends);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await run(DURATION_S));
    const answers = runs.reduce((sum, r) => sum + r.answers, 0);
    return {
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      rps: median(runs.map((r) => r.rps)),
      cpuMsPerAnswer: cpuPerAnswer(before, await cpuSnapshot({}, backends), answers),
    };
  } finally {
    await pool.end();
  }
}

runBench(main, MAX_SECONDS);
