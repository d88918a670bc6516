// The call queue under load: 50 agents take the next order and confirm it, for a minute, against
// 100,000 waiting orders. Prints next-order p50/p99 (and the confirming save's), and checks that
// no order was handed to two agents (exit 1 otherwise). Loopback only; its own database and Redis
// database, dropped at the end; bounded in time.
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { build } = require('../../deploy/local/build.cjs');
const { runBench, writeResult } = require('../lib/run-bench.cjs');
const { insertOrders, ownerWithStore } = require('../lib/world.cjs');

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 60);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 900);
const PASSWORD = 'souk-el-fellah';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const figures = (latencies) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

async function main() {
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
    const owner = await ownerWithStore(system, db, {
      name: 'Queue Owner',
      email: 'bench-queue-owner@shop.dz',
      storeName: 'bench-queue',
    });
    const agents = await addAgents(system, owner);
    const started = performance.now();
    await insertOrders(db, owner, { count: ORDERS });
    await db.query('vacuum analyze orders.orders');
    console.log(
      `${ORDERS.toLocaleString('en')} waiting orders loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    const outcome = await work(system, owner, agents);
    const next = figures(outcome.nextLatencies);
    const save = figures(outcome.saveLatencies);
    const twice = [...outcome.handedTo].filter(([, holders]) => holders.length > 1);
    const { rows } = await db.query(
      `select count(*)::int as confirmed from orders.orders where store_id = $1 and status = 'confirmé'`,
      [owner.store],
    );
    const result = {
      orders: ORDERS,
      agents: AGENTS,
      seconds: DURATION_S,
      next,
      save,
      handedOut: outcome.handedTo.size,
      confirmed: rows[0].confirmed,
      nextPerSecond: next.count / DURATION_S,
      errors: outcome.errors,
      handedTwice: twice.length,
    };
    console.log(
      `next order: ${next.count} in ${DURATION_S} s (${result.nextPerSecond.toFixed(0)}/s), p50 ${next.p50.toFixed(1)} ms, p99 ${next.p99.toFixed(1)} ms`,
    );
    console.log(`confirming save: p50 ${save.p50.toFixed(1)} ms, p99 ${save.p99.toFixed(1)} ms`);
    console.log(
      `${result.handedOut} orders handed out, ${result.confirmed} confirmed, ${outcome.errors} errors`,
    );
    writeResult('queue', result);
    if (twice.length > 0)
      throw new Error(`${twice.length} orders were handed to two agents, e.g. ${JSON.stringify(twice[0])}`);
    if (result.confirmed !== result.handedOut || outcome.errors > 0)
      throw new Error('every order handed out should have been confirmed, without an error');
    console.log('No order was handed to two agents.');
  } finally {
    await db.end();
    await system.stop();
  }
}

/** 50 confirmateurs registered and added to the owner's store. */
async function addAgents(system, owner) {
  const agents = [];
  for (let i = 0; i < AGENTS; i++) {
    const email = `bench-agent-${i}@shop.dz`;
    const registered = await system.request('POST', '/api/users/register', {
      name: `Agent ${i}`,
      email,
      password: PASSWORD,
      isConfirmateur: true,
    });
    if (registered.status !== 201) throw new Error(`registering ${email}: ${registered.status}`);
    const added = await system.request('POST', `/api/confirmateur/${owner.store}`, { email }, owner.token);
    if (added.status !== 201) throw new Error(`adding ${email}: ${added.status}`);
    agents.push({ id: registered.body._id, token: registered.body.token });
  }
  return agents;
}

/** Every agent: next order, confirm it, again, until the minute is over. */
async function work(system, owner, agents) {
  const handedTo = new Map();
  const nextLatencies = [];
  const saveLatencies = [];
  let errors = 0;
  const end = performance.now() + DURATION_S * 1000;
  await Promise.all(
    agents.map(async (agent) => {
      while (performance.now() < end) {
        const asked = performance.now();
        const next = await system.request(
          'POST',
          '/api/orders/queue/next',
          { storeId: owner.store },
          agent.token,
        );
        nextLatencies.push(performance.now() - asked);
        if (next.status === 204) break;
        if (next.status !== 200) {
          errors++;
          continue;
        }
        const order = next.body;
        handedTo.set(order._id, [...(handedTo.get(order._id) ?? []), agent.id]);
        const saving = performance.now();
        const saved = await system.request(
          'PUT',
          `/api/orders/youcan/${order._id}`,
          { ...order, status: 'confirmé' },
          agent.token,
        );
        saveLatencies.push(performance.now() - saving);
        if (saved.status !== 200) errors++;
      }
    }),
  );
  return { handedTo, nextLatencies, saveLatencies, errors };
}

runBench(main, MAX_SECONDS);
