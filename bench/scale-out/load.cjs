// The load of one phase: the orders list read through every gateway with autocannon, notes written
// through every gateway (each with its own text, so that each can be found exactly once), and
// samples of PostgreSQL connections while it runs.
const { performance } = require('node:perf_hooks');
const { setTimeout: sleep } = require('node:timers/promises');
const autocannon = require('autocannon');

const LIST_PATH = '/api/orders/youcan?limit=50';

/** `connections` spread over the gateways for `seconds`; total req/s and the slowest latencies. */
async function readList(gatewayUrls, token, connections, seconds) {
  const each = Math.max(1, Math.floor(connections / gatewayUrls.length));
  const results = await Promise.all(
    gatewayUrls.map((url) =>
      autocannon({
        url: `${url}${LIST_PATH}`,
        connections: each,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      }),
    ),
  );
  const answered = results.reduce((sum, result) => sum + result['2xx'], 0);
  return {
    connections: each * gatewayUrls.length,
    requestsPerSecond: answered / seconds,
    answered,
    perGateway: results.map((result) => result['2xx']),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failed: results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0),
  };
}

/** Adds `count` notes, `inFlight` at a time, round-robin over gateways and orders. */
async function writeNotes(gatewayUrls, token, orderIds, { count, inFlight, label }) {
  const statuses = new Map();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let i = next++; i < count; i = next++) {
        const response = await fetch(
          `${gatewayUrls[i % gatewayUrls.length]}/api/orders/youcan/${orderIds[i % orderIds.length]}`,
          {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ note: noteText(label, i) }),
          },
        );
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { count, seconds, perSecond: count / seconds, statuses: Object.fromEntries(statuses) };
}

const noteText = (label, i) => `scale-out ${label} #${i}`;

/** Samples the database's connections until `until` settles; answers the highest count seen. */
async function peakConnections(db, until) {
  let peak = 0;
  let done = false;
  until.finally(() => (done = true)).catch(() => {});
  while (!done) {
    const { rows } = await db.query(
      'select count(*)::int as n from pg_stat_activity where datname = current_database()',
    );
    peak = Math.max(peak, rows[0].n);
    await sleep(250);
  }
  return peak;
}

module.exports = { LIST_PATH, readList, writeNotes, noteText, peakConnections };
