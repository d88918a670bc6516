// One soak run: the load of load.cjs for `minutes` while faults.cjs plays its schedule, then the
// system is given time to settle (every announced order imported, every saisie ended, the orders a
// saisie could not send sent once more, as an owner would) and checks.cjs judges what it left.
const { performance } = require('node:perf_hooks');
const { setTimeout: sleep } = require('node:timers/promises');
const { Client } = require('pg');
const { runChecks } = require('./checks.cjs');
const { faultSchedule, playFaults } = require('./faults.cjs');
const { agent, flushSaisies, newTally, saisies, sendToSaisie, webhooks } = require('./load.cjs');
const { figuresOf, printReport } = require('./report.cjs');
const { startSoakSystem } = require('./system.cjs');
const { makeWorld } = require('./world.cjs');

const BATCH = 5;
const SAISIE_EVERY_MS = 10_000;
/** Generous: a loaded two-core machine may take minutes to drain what the faults held back. */
const SETTLE_MS = 240_000;

async function runSoak({
  minutes = 20,
  agents = 4,
  ordersPerMinute = 60,
  killGateway = true,
  log = console.log,
} = {}) {
  const soak = await startSoakSystem();
  const { system } = soak;
  const db = new Client({ connectionString: system.database.url });
  await db.connect();
  try {
    const world = await makeWorld(system, agents);
    const tally = newTally();
    const loadMs = minutes * 60_000;
    const schedule = faultSchedule(minutes);
    log(
      `${minutes} min of load, ${schedule.length} faults, ${agents} agents, ${ordersPerMinute} orders/min from YouCan`,
    );
    const startedAt = performance.now();
    const running = () => performance.now() - startedAt < loadMs;
    const importedDuringLoad = sleep(loadMs).then(() => importedOf(db, world, tally.created));
    const [faults] = await Promise.all([
      playFaults(soak, schedule, { startedAt, log, killGateway }),
      webhooks(system, world, tally, { running, everyMs: (BATCH * 60_000) / ordersPerMinute, batch: BATCH }),
      ...world.agents.map((user) => agent(system, world, user, tally, { running, startedAt })),
      saisies(system, world, tally, { running, everyMs: SAISIE_EVERY_MS }),
    ]);
    log('Load stopped; waiting for the system to settle…');

    await flushSaisies(system, world, tally);
    await until(
      () => importedOf(db, world, tally.created),
      (n) => n === tally.created.length,
      SETTLE_MS,
    );
    let views = await jobsEnded(system, world, [...tally.jobs.keys()]);
    const failed = [...views.values()].flatMap((view) => view.failedOrders.map((order) => order.id));
    if (failed.length) {
      log(`Sending the ${failed.length} orders a saisie could not send once more`);
      await sendToSaisie(system, world, tally, failed);
      views = await jobsEnded(system, world, [...tally.jobs.keys()]);
    }

    const checks = await runChecks({ system, db, world, tally, views });
    const figures = figuresOf({ tally, views, loadMs, importedDuringLoad: await importedDuringLoad, faults });
    printReport(figures, checks, faults, tally.problems, log);
    return { figures, checks, faults, failures: checks.filter((check) => !check.ok) };
  } finally {
    await db.end();
    await soak.stop();
  }
}

/** How many of the announced orders are in orders. */
async function importedOf(db, world, created) {
  const { rows } = await db.query(
    'select count(*)::int as n from orders.orders where store_id = $1 and external_id = any($2)',
    [world.storeId, created],
  );
  return rows[0].n;
}

/** The saisie reports, once every job has ended or SETTLE_MS has passed. */
async function jobsEnded(system, world, jobIds) {
  const views = new Map();
  await until(
    async () => {
      for (const jobId of jobIds) {
        if (['completed', 'failed'].includes(views.get(jobId)?.state)) continue;
        const answer = await system.request('GET', `/api/ZR/saisie/${jobId}`, undefined, world.owner.token);
        if (answer.status === 200) views.set(jobId, answer.body);
      }
      return views;
    },
    () => jobIds.every((jobId) => ['completed', 'failed'].includes(views.get(jobId)?.state)),
    SETTLE_MS,
  );
  return views;
}

/** Probes every second until `done`, or the time is up (the checks then say what is missing). */
async function until(probe, done, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    let value;
    try {
      value = await probe();
    } catch {
      // a probe through the API may meet a fault's tail: probed again
    }
    if ((value !== undefined && done(value)) || performance.now() > deadline) return;
    await sleep(1000);
  }
}

module.exports = { runSoak };
