// Scale-out: the same load against one replica of each service, then against two (two gateways,
// two of identity, orders and stores/youcan, two delivery/zr saisie workers), as processes on
// loopback. Measures throughput, and checks that every request was handled once and every job
// run once; exits 1 when a check fails. Its own database and Redis database, dropped at the end.
const { loadavg } = require('node:os');
const { performance } = require('node:perf_hooks');
const { setTimeout: sleep } = require('node:timers/promises');
const { Client } = require('pg');
const { build } = require('../../deploy/local/build.cjs');
const { runBench, writeResult } = require('../lib/run-bench.cjs');
const world = require('../lib/world.cjs');
const { byPattern, difference, handledPerInstance, readCounts } = require('./counts.cjs');
const { peakConnections, readList, writeNotes } = require('./load.cjs');
const { redisFootprint } = require('./redis-footprint.cjs');
const { report } = require('./report.cjs');

const SERVICES = ['identity', 'orders', 'stores-youcan', 'delivery-zr'];
const LIST_ORDERS = Number(process.env.BENCH_LIST_ORDERS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const NOTES = Number(process.env.BENCH_NOTES ?? 2_000);
const NOTES_IN_FLIGHT = 16;
const SAISIE_ORDERS = Number(process.env.BENCH_SAISIE_ORDERS ?? 4_000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 200);
const BATCH = 50;
const SAISIE_CONCURRENCY = 2;
const PER_REQUEST = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 900);

async function main() {
  console.log('Building…');
  await build();
  const { TestSystem } = require('@tawsil/testing');
  const system = await TestSystem.start({
    zrSandbox: true,
    env: {
      LOG_LEVEL: 'warn',
      ZR_BATCH_SIZE: String(BATCH),
      SAISIE_CONCURRENCY: String(SAISIE_CONCURRENCY),
      ZR_TIMEOUT_MS: '10000',
    },
  });
  const db = new Client({ connectionString: system.database.url });
  await db.connect();
  try {
    const owner = await world.ownerWithStore(system, db, {
      name: 'Bench Owner',
      email: 'bench-scale-out@shop.dz',
      storeName: 'scale-out',
    });
    const account = await world.addZrAccount(system, owner, 'Scale-out');
    const context = { system, db, owner, account, nextOrder: LIST_ORDERS + 1, dropped: 0 };
    context.listed = await world.insertOrders(db, owner, { count: LIST_ORDERS });
    await db.query('vacuum analyze orders.orders');
    await world.setZrSandbox(system, { latencyMs: LATENCY_MS });

    // One replica and two in turns, so that what else the machine runs weighs on both alike.
    const phases = [];
    for (let round = 1; round <= ROUNDS; round++) {
      phases.push(await phase(context, 1, round));
      const secondReplicas = await Promise.all(
        [...SERVICES, 'gateway'].map((name) => system.startService(name)),
      );
      phases.push(await phase(context, 2, round));
      if (round < ROUNDS) await Promise.all(secondReplicas.map((replica) => replica.stop()));
    }

    report(phases);
    writeResult('scale-out', { setup: setup(), phases });
    const failed = phases.flatMap((p) =>
      p.checks.filter((c) => !c.ok).map((c) => `${p.replicas}× round ${p.round}: ${c.what}`),
    );
    if (failed.length > 0) throw new Error(`Checks failed:\n  ${failed.join('\n  ')}`);
  } finally {
    await db.end();
    await system.stop();
  }
}

async function phase(context, replicas, round) {
  const { system, db, owner, account } = context;
  const label = `${replicas}x round ${round}`;
  console.log(
    `\nRound ${round}, ${replicas} replica(s) of each service: load for ${SECONDS} s, ${NOTES} notes, saisie of ${SAISIE_ORDERS}`,
  );
  const gateways = system
    .instances('gateway')
    .filter((gateway) => gateway.running)
    .map((gateway) => `http://127.0.0.1:${gateway.httpPort}`);
  const services = () => system.processes.filter((p) => p.running && !p.name.startsWith('sandbox'));
  const saisieIds = await world.insertOrders(db, owner, {
    first: context.nextOrder,
    count: SAISIE_ORDERS,
    account,
  });
  context.nextOrder += SAISIE_ORDERS;

  await readList(gateways, owner.token, CONNECTIONS, 2); // warm-up
  await sleep(1000);
  const before = await readCounts(services());
  const saisie = (async () => {
    const started = performance.now();
    const jobIds = await world.startSaisies(system, owner, saisieIds, PER_REQUEST);
    const views = await world.saisiesFinished(system, owner, jobIds);
    return { jobIds, views, seconds: (performance.now() - started) / 1000 };
  })();
  const work = Promise.all([
    readList(gateways, owner.token, CONNECTIONS, SECONDS),
    writeNotes(gateways, owner.token, context.listed, { count: NOTES, inFlight: NOTES_IN_FLIGHT, label }),
    saisie,
  ]);
  const [peak, [list, notes, { jobIds, views, seconds }]] = await Promise.all([
    peakConnections(db, work),
    work,
  ]);
  const saisieDone = await ordersSaisie(db, saisieIds);
  await sleep(1000); // the last answers' metrics
  const counts = difference(await readCounts(services()), before);
  const dropped = system.processes.map((p) => p.linesWith('Dropped request').length);
  const redis = await redisFootprint(system.redis.url);

  const result = {
    replicas,
    round,
    list,
    notes,
    saisie: { orders: SAISIE_ORDERS, jobs: jobIds.length, seconds, perSecond: SAISIE_ORDERS / seconds },
    peakDatabaseConnections: peak,
    // Everything else this machine ran meanwhile shows here: figures are only comparable at a similar load.
    loadAverage: loadavg()[0],
    redis,
    perInstance: perInstance(counts),
    // Requests left unanswered at their deadline (their holder stalled): never run elsewhere, the caller got 503.
    rpcDroppedAtDeadline: sum(dropped) - context.dropped,
    longestStallMs: Math.max(...Object.values(counts).map((count) => count.loopLagMaxMs)),
    checks: await checks({ system, db, list, notes, label, saisieIds, jobIds, views, saisieDone, counts }),
  };
  context.dropped = sum(dropped);
  for (const check of result.checks)
    console.log(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.what}: ${check.detail}`);
  return result;
}

/** Waits (bounded) until orders has turned every sent order `saisie`; answers how many it did. */
async function ordersSaisie(db, orderIds) {
  const count = async () =>
    (
      await db.query(
        `select count(*)::int as n from orders.orders where id = any($1) and status = 'saisie'`,
        [orderIds],
      )
    ).rows[0].n;
  for (let i = 0; i < 120 && (await count()) < orderIds.length; i++) await sleep(500);
  return count();
}

async function checks({ system, db, list, notes, label, saisieIds, jobIds, views, saisieDone, counts }) {
  const { OrdersPatterns } = require('@tawsil/contracts/orders');
  const out = [];
  const check = (what, ok, detail) => out.push({ what, ok, detail });

  check(
    'every list request answered 2xx',
    list.failed === 0,
    `${list.answered} answered, ${list.failed} not`,
  );
  check('every note answered 200', notes.statuses[200] === NOTES, JSON.stringify(notes.statuses));
  const {
    rows: [stored],
  } = await db.query(
    `select count(*)::int as rows, count(distinct message)::int as texts from orders.order_notes where message like $1`,
    [`scale-out ${label} #%`],
  );
  check(
    'each note stored exactly once',
    stored.rows === NOTES && stored.texts === NOTES,
    `${stored.rows} rows, ${stored.texts} texts`,
  );
  const added = handledPerInstance(counts, 'orders', OrdersPatterns.addNote.cmd);
  check('each note handled by exactly one orders instance', sum(added) === NOTES, added.join(' + '));
  const patterns = Object.entries(byPattern(counts));
  const uneven = patterns.filter(([, n]) => n.calls !== n.handled);
  const timeouts = sum(Object.values(counts).map((count) => count.timeouts));
  check(
    'every RPC call handled once (calls made = requests handled, each pattern)',
    uneven.length === 0 && timeouts === 0,
    uneven.length
      ? JSON.stringify(Object.fromEntries(uneven))
      : `${patterns.length} patterns, ${sum(patterns.map(([, n]) => n.calls))} calls, ${timeouts} timeouts`,
  );

  const finished = [...views.values()];
  const incomplete = finished.filter((view) => view.state !== 'completed' || view.failedOrders.length > 0);
  check(
    'every saisie job completed, no order failed',
    incomplete.length === 0,
    `${finished.length} jobs, ${incomplete.length} not`,
  );
  const perOrder = await world.parcelsPerOrder(system);
  const notOnce = saisieIds.filter((id) => perOrder.get(id) !== 1);
  check(
    'each order exactly one parcel at ZR',
    notOnce.length === 0,
    `${saisieIds.length - notOnce.length} of ${saisieIds.length}`,
  );
  const runs = sum(
    Object.entries(counts)
      .filter(([i]) => i.startsWith('delivery-zr:'))
      .map(([, c]) => c.saisieJobs),
  );
  check(
    'each saisie job run to completion once',
    runs === jobIds.length,
    `${runs} completions for ${jobIds.length} jobs`,
  );
  check(
    'every order sent turned saisie',
    saisieDone === saisieIds.length,
    `${saisieDone} of ${saisieIds.length}`,
  );
  return out;
}

/** What each replica handled: list pages, notes, and saisie jobs. */
function perInstance(counts) {
  const { OrdersPatterns } = require('@tawsil/contracts/orders');
  return {
    ordersList: handledPerInstance(counts, 'orders', OrdersPatterns.list.cmd),
    notes: handledPerInstance(counts, 'orders', OrdersPatterns.addNote.cmd),
    saisieJobs: Object.entries(counts)
      .filter(([instance]) => instance.startsWith('delivery-zr:'))
      .map(([, count]) => count.saisieJobs),
  };
}

const sum = (values) => values.reduce((a, b) => a + b, 0);

function setup() {
  return {
    listOrders: LIST_ORDERS,
    seconds: SECONDS,
    connections: CONNECTIONS,
    notes: NOTES,
    notesInFlight: NOTES_IN_FLIGHT,
    saisieOrders: SAISIE_ORDERS,
    latencyMs: LATENCY_MS,
    batch: BATCH,
    saisieConcurrency: SAISIE_CONCURRENCY,
  };
}

runBench(main, MAX_SECONDS);
