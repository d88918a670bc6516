// The load the faults fall on: YouCan announcing new orders, agents taking the next order and
// confirming it, the owner sending the confirmed orders to ZR Express. Each loop runs until
// `running()` turns false and records in the tally what it did and what was refused.
const { performance } = require('node:perf_hooks');
const { setTimeout: sleep } = require('node:timers/promises');
const { act, youcan, HOME_ALGER } = require('./world.cjs');

/** What the loops did, read by the checks and the report. */
function newTally() {
  return {
    /** YouCan ids of the orders the sandbox created (and announced). */
    created: [],
    /** Each agent's wait for `next`, from asking to the order (or "nothing waits"), retries included. */
    nextWaits: [],
    /** Orders confirmed with their delivery set, with when (ms since the start). */
    confirmed: [],
    /** Confirmed orders not yet sent to saisie. */
    ready: [],
    /** Saisie jobs: jobId → { orderIds, key }. */
    jobs: new Map(),
    /** Idempotency keys whose repeats answered another job than the first. */
    keysWithTwoJobs: [],
    /** Actions refused (4xx) or never answered, by what they were. */
    problems: [],
  };
}

const problem = (tally, what, answer) =>
  tally.problems.push({ what, status: answer.status, body: JSON.stringify(answer.body)?.slice(0, 200) });

/** Every `everyMs`, YouCan creates `batch` orders in the store and announces them to the webhook. */
async function webhooks(system, world, tally, { running, everyMs, batch }) {
  const started = performance.now();
  for (let tick = 0; running(); tick++) {
    try {
      const { created } = await youcan(system, 'POST', `/_sandbox/stores/${world.slug}/orders`, {
        count: batch,
      });
      tally.created.push(...created.map((order) => order.id));
    } catch (error) {
      problem(tally, 'youcan orders', { status: 0, body: String(error) });
    }
    const wait = started + (tick + 1) * everyMs - performance.now();
    if (wait > 0) await sleep(wait);
  }
}

/** One agent: next order, confirm it, note the call, set its delivery; again until the end. */
async function agent(system, world, user, tally, { running, startedAt }) {
  while (running()) {
    const next = await act(system, user, 'POST', '/api/orders/queue/next', { storeId: world.storeId });
    tally.nextWaits.push(next.ms);
    if (next.status === 204) {
      await sleep(1000);
      continue;
    }
    if (next.status !== 200) {
      problem(tally, 'next', next);
      await sleep(1000);
      continue;
    }
    const order = next.body;
    const path = `/api/orders/youcan/${order._id}`;
    const steps = [
      ['confirm', { ...order, quantity: order.variants[0].quantity, status: 'confirmé' }],
      ['note', { note: `Soak: called, confirmed (${order._id})` }],
      ['delivery', { delivery: { deliveryAccount: world.account._id, ...HOME_ALGER } }],
    ];
    let done = true;
    for (const [what, body] of steps) {
      const answer = await act(system, user, 'PUT', path, body);
      if (answer.status !== 200) {
        problem(tally, what, answer);
        done = false;
        break;
      }
    }
    if (done) {
      tally.confirmed.push({ id: order._id, at: performance.now() - startedAt });
      tally.ready.push(order._id);
    }
  }
}

/** Sends the orders confirmed so far to saisie (one request of at most 1,000); answers the job id. */
async function sendToSaisie(system, world, tally, orderIds) {
  const { owner } = world;
  const answer = await act(system, owner, 'POST', '/api/ZR/saisie', { orderIds });
  if (answer.status !== 202) {
    problem(tally, 'saisie', answer);
    return undefined;
  }
  const jobId = answer.body.jobId;
  // The same key again must answer the same job: a repeat never starts a second one.
  const repeat = await system.request('POST', '/api/ZR/saisie', { orderIds }, owner.token, {
    'idempotency-key': answer.key,
  });
  if (repeat.status === 202 && repeat.body.jobId !== jobId)
    tally.keysWithTwoJobs.push({ key: answer.key, first: jobId, repeat: repeat.body.jobId });
  tally.jobs.set(jobId, { orderIds, key: answer.key });
  return jobId;
}

/** Every `everyMs`, the owner sends what the agents confirmed to saisie; a last time at the end. */
async function saisies(system, world, tally, { running, everyMs }) {
  while (running()) {
    await sleep(everyMs);
    const orderIds = tally.ready.splice(0, 1000);
    if (orderIds.length) await sendToSaisie(system, world, tally, orderIds);
  }
}

/** Sends what is left ready once the load has stopped. */
async function flushSaisies(system, world, tally) {
  while (tally.ready.length) await sendToSaisie(system, world, tally, tally.ready.splice(0, 1000));
}

module.exports = { newTally, webhooks, agent, saisies, flushSaisies, sendToSaisie };
