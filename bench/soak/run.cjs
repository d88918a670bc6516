// Faults under load: agents confirm, YouCan announces orders and the owner ships them for
// SOAK_MINUTES (20) while processes are killed, Redis and PostgreSQL go away and come back, and the
// carrier's network drops; then checks that nothing was lost, duplicated or done twice. Exit 1
// when a check fails. Loopback only; its own database and Redis database, dropped at the end.
const { build } = require('../../deploy/local/build.cjs');
const { runBench, writeResult } = require('../lib/run-bench.cjs');
const { runSoak } = require('./soak.cjs');

const MINUTES = Number(process.env.SOAK_MINUTES ?? 20);
const AGENTS = Number(process.env.SOAK_AGENTS ?? 4);
const ORDERS_PER_MINUTE = Number(process.env.SOAK_ORDERS_PER_MINUTE ?? 60);
// The load, then up to 8 minutes of settling, and the start-up on a loaded machine.
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? MINUTES * 60 + 900);

async function main() {
  if (!(MINUTES > 0)) throw new Error('SOAK_MINUTES must be a number of minutes above 0');
  console.log('Building…');
  await build();
  const stamp = () => new Date().toISOString().slice(11, 19);
  const outcome = await runSoak({
    minutes: MINUTES,
    agents: AGENTS,
    ordersPerMinute: ORDERS_PER_MINUTE,
    log: (line) => console.log(`${stamp()} ${line}`),
  });
  writeResult('soak', { ...outcome.figures, faults: outcome.faults, checks: outcome.checks });
  if (outcome.failures.length)
    throw new Error(
      `${outcome.failures.length} checks failed: ${outcome.failures.map((c) => c.name).join(', ')}`,
    );
}

runBench(main, MAX_SECONDS);
