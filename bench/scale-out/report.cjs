// The figures of every phase as a Markdown table, and two replicas against one over all rounds.
const mebibytes = (bytes) => (bytes / 1024 / 1024).toFixed(1);

function report(phases) {
  console.log(
    '\n| round | replicas | list req/s | list p50 | list p99 | notes/s | saisie orders/s | peak PG conn. | Redis (bench db) | load avg. |',
  );
  console.log(
    '| ----- | -------- | ---------- | -------- | -------- | ------- | --------------- | ------------- | ---------------- | --------- |',
  );
  for (const p of phases)
    console.log(
      `| ${p.round} | ${p.replicas} | ${p.list.requestsPerSecond.toFixed(0)} | ${p.list.p50} ms | ${p.list.p99} ms | ` +
        `${p.notes.perSecond.toFixed(0)} | ${p.saisie.perSecond.toFixed(0)} (${p.saisie.seconds.toFixed(1)} s) | ` +
        `${p.peakDatabaseConnections} | ${mebibytes(p.redis.bytes)} MiB, ${p.redis.keys} keys | ${p.loadAverage.toFixed(1)} |`,
    );
  const total = (replicas, figure) =>
    phases.filter((p) => p.replicas === replicas).reduce((sum, p) => sum + figure(p), 0);
  const ratio = (figure) => (total(2, figure) / total(1, figure)).toFixed(2);
  console.log(
    `\ntwo / one, all rounds: list ×${ratio((p) => p.list.requestsPerSecond)}, ` +
      `notes ×${ratio((p) => p.notes.perSecond)}, saisie ×${ratio((p) => p.saisie.perSecond)}`,
  );
  for (const p of phases)
    console.log(
      `round ${p.round}, ${p.replicas}×: list pages by orders instance ${p.perInstance.ordersList.join(' / ')}, ` +
        `notes ${p.perInstance.notes.join(' / ')}, saisie jobs by worker ${p.perInstance.saisieJobs.join(' / ')}; ` +
        `RPC requests dropped at their deadline ${p.rpcDroppedAtDeadline}, longest event-loop stall ${p.longestStallMs} ms`,
    );
}

module.exports = { report };
