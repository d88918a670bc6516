// The load the system held under the faults, and the verdict of the checks, as printed and as
// written to bench/results/soak.json.
const { seconds } = require('./faults.cjs');

const perMinute = (count, ms) => Number(((count * 60_000) / ms).toFixed(1));

/** `importedDuringLoad`: orders in the store when the load stopped. */
function figuresOf({ tally, views, loadMs, importedDuringLoad, faults }) {
  const waits = [...tally.nextWaits].sort((a, b) => a - b);
  const confirmed = tally.confirmed.filter((entry) => entry.at <= loadMs).length;
  const shipped = [...views.values()].reduce((sum, view) => sum + view.successfullOrders.length, 0);
  const failed = [...views.values()].reduce((sum, view) => sum + view.failedOrders.length, 0);
  const restarts = faults.filter((fault) => fault.kind === 'kill').map((fault) => fault.tookMs);
  return {
    minutes: Number((loadMs / 60_000).toFixed(2)),
    announced: tally.created.length,
    imported: importedDuringLoad,
    confirmed,
    shipped,
    saisieFailures: failed,
    saisieJobs: views.size,
    perMinute: {
      imported: perMinute(importedDuringLoad, loadMs),
      confirmed: perMinute(confirmed, loadMs),
      shipped: perMinute(shipped, loadMs),
    },
    next: {
      asked: waits.length,
      p50Ms: Math.round(waits[Math.floor(waits.length / 2)] ?? 0),
      longestMs: Math.round(waits.at(-1) ?? 0),
    },
    longestRestartMs: Math.round(Math.max(0, ...restarts)),
    problems: tally.problems.length,
  };
}

function printReport(figures, checks, faults, problems, log) {
  log(
    `Load held over ${figures.minutes} min: ${figures.perMinute.imported} orders/min imported, ` +
      `${figures.perMinute.confirmed} confirmed, ${figures.perMinute.shipped} shipped ` +
      `(${figures.announced} announced, ${figures.imported} imported while the load ran, ${figures.confirmed} confirmed, ` +
      `${figures.shipped} shipped in ${figures.saisieJobs} saisies, ${figures.saisieFailures} orders failed visibly)`,
  );
  log(
    `next: ${figures.next.asked} asked, p50 ${seconds(figures.next.p50Ms)}, longest wait ${seconds(figures.next.longestMs)}; ` +
      `${faults.filter((fault) => fault.kind === 'kill').length} processes killed, slowest back in ${seconds(figures.longestRestartMs)}`,
  );
  if (problems.length)
    log(`${problems.length} actions refused or unanswered, e.g. ${JSON.stringify(problems.slice(0, 3))}`);
  for (const check of checks)
    log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}${check.ok ? '' : `: ${check.detail}`}`);
}

module.exports = { figuresOf, printReport };
