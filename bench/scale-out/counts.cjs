// What each instance says it did, read from its Prometheus metrics: RPC calls made and requests
// handled per pattern, and saisie jobs completed. A phase's figures are the difference of two reads.
const RPC_CALLS = 'tawsil_rpc_call_duration_seconds_count';
const RPC_HANDLED = 'tawsil_rpc_handled_duration_seconds_count';
const JOBS = 'tawsil_queue_job_duration_seconds_count';

/**
 * `{ [instance]: { calls: {pattern: n}, timeouts, handled: {pattern: n}, saisieJobs, loopLagMaxMs } }`;
 * the event loop's longest stall is since the previous read.
 */
async function readCounts(processes) {
  const { scrapeMetrics } = require('@tawsil/testing');
  const counts = {};
  for (const process of processes) {
    const samples = await scrapeMetrics(process.metricsUrl);
    const sum = (name, labels, key) => {
      const out = {};
      for (const sample of samples)
        if (sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v))
          out[sample.labels[key]] = (out[sample.labels[key]] ?? 0) + sample.value;
      return out;
    };
    counts[`${process.name}:${process.httpPort}`] = {
      calls: sum(RPC_CALLS, {}, 'pattern'),
      timeouts: Object.values(sum(RPC_CALLS, { outcome: 'timeout' }, 'pattern')).reduce((a, b) => a + b, 0),
      handled: sum(RPC_HANDLED, {}, 'pattern'),
      saisieJobs: sum(JOBS, { queue: 'zr-saisie', outcome: 'completed' }, 'queue')['zr-saisie'] ?? 0,
      loopLagMaxMs: Math.round(
        1000 * (samples.find((s) => s.name === 'nodejs_eventloop_lag_max_seconds')?.value ?? 0),
      ),
    };
  }
  return counts;
}

/** after − before, instance by instance (an instance started in between counts from zero). */
function difference(after, before) {
  const minus = (a, b = {}) =>
    Object.fromEntries(Object.entries(a).map(([key, value]) => [key, value - (b[key] ?? 0)]));
  return Object.fromEntries(
    Object.entries(after).map(([instance, now]) => {
      const then = before[instance] ?? { calls: {}, handled: {}, timeouts: 0, saisieJobs: 0 };
      return [
        instance,
        {
          calls: minus(now.calls, then.calls),
          handled: minus(now.handled, then.handled),
          timeouts: now.timeouts - then.timeouts,
          saisieJobs: now.saisieJobs - then.saisieJobs,
          loopLagMaxMs: now.loopLagMaxMs,
        },
      ];
    }),
  );
}

/** Per pattern: calls made by every instance, and requests handled by every instance. */
function byPattern(counts) {
  const patterns = {};
  for (const { calls, handled } of Object.values(counts)) {
    for (const [pattern, n] of Object.entries(calls))
      (patterns[pattern] ??= { calls: 0, handled: 0 }).calls += n;
    for (const [pattern, n] of Object.entries(handled))
      (patterns[pattern] ??= { calls: 0, handled: 0 }).handled += n;
  }
  return patterns;
}

/** How many requests of the pattern each instance of the service handled. */
function handledPerInstance(counts, service, pattern) {
  return Object.entries(counts)
    .filter(([instance]) => instance.startsWith(`${service}:`))
    .map(([, count]) => count.handled[pattern] ?? 0);
}

module.exports = { readCounts, difference, byPattern, handledPerInstance };
