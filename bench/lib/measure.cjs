// What the benchmarks measure the same way: an API path under autocannon, and the SQL the
// services build, numbered for `pg`.
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const autocannon = require('autocannon');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** NaN when nothing answered (a run shorter than the slowest answers). */
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** What a browser sends: the gateway answers it compressed, as it does the web app. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const CLOCK_TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** The CPU time a process has used so far, user and system, in ms (Linux's /proc). */
function cpuMsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

/** How much CPU a process has used, or undefined once it has ended. */
function cpuMsIfRunning(pid) {
  try {
    return cpuMsOf(pid);
  } catch {
    return undefined;
  }
}

/**
 * The CPU time used so far by each named process (`{name: pid}`), by the bench itself, and by
 * each PostgreSQL backend that `backends()` lists (its pids), summed later under `postgres`.
 */
async function cpuSnapshot(pids, backends) {
  const snapshot = { processes: {}, backends: new Map() };
  for (const [name, pid] of Object.entries(pids)) snapshot.processes[name] = cpuMsOf(pid);
  const own = process.cpuUsage();
  snapshot.processes.bench = (own.user + own.system) / 1000;
  for (const pid of backends ? await backends() : []) {
    const ms = cpuMsIfRunning(pid);
    if (ms !== undefined) snapshot.backends.set(pid, ms);
  }
  return snapshot;
}

/**
 * CPU ms per answer of each process between two snapshots; `postgres` counts the backends seen
 * in both (one that came or went in between is left out, so it may read a little low).
 */
function cpuPerAnswer(before, after, answers) {
  const per = (ms) => (answers ? ms / answers : 0);
  const perProcess = Object.fromEntries(
    Object.keys(after.processes).map((name) => [name, per(after.processes[name] - before.processes[name])]),
  );
  if (after.backends.size === 0) return perProcess;
  let postgres = 0;
  for (const [pid, ms] of after.backends)
    if (before.backends.has(pid)) postgres += ms - before.backends.get(pid);
  return { ...perProcess, postgres: per(postgres) };
}

/** The pids of the PostgreSQL backends connected to the client's database, but for its own. */
function backendsOf(client, { applicationName, exceptApplicationName } = {}) {
  return async () => {
    const { rows } = await client.query(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
       and ($1::text is null or application_name = $1) and ($2::text is null or application_name <> $2)`,
      [applicationName ?? null, exceptApplicationName ?? null],
    );
    return rows.map((row) => row.pid);
  };
}

/**
 * A 2-second warm-up, then `runs` runs of `seconds`: the median of their p50, p99 and req/s, the
 * percentiles from every answer's own time (autocannon's histogram counts whole milliseconds), and
 * the CPU ms per answer of each process in `pids` ({name: pid}), of the bench itself, and of the
 * PostgreSQL backends that `backends()` lists.
 */
async function measureApi(baseUrl, token, path, { connections, seconds, runs = 3, pids = {}, backends }) {
  const run = (duration, latencies) => {
    const instance = autocannon({
      url: `${baseUrl}${path}`,
      connections,
      duration,
      headers: { authorization: `Bearer ${token}`, ...BROWSER_HEADERS },
    });
    if (latencies) instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    return instance;
  };
  await run(2);
  const results = [];
  const before = await cpuSnapshot(pids, backends);
  let answers = 0;
  for (let i = 0; i < runs; i++) {
    const latencies = [];
    const result = await run(seconds, latencies);
    if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} answers were not 2xx`);
    latencies.sort((a, b) => a - b);
    answers += latencies.length;
    results.push({
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      rps: latencies.length / result.duration,
      bytes: result.throughput.total / Math.max(1, result.requests.total),
    });
  }
  return {
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    rps: median(results.map((r) => r.rps)),
    bytesPerAnswer: median(results.map((r) => r.bytes)),
    cpuMsPerAnswer: cpuPerAnswer(before, await cpuSnapshot(pids, backends), answers),
  };
}

/** A repository's `{sql, params}` with MikroORM's `?` placeholders, as `pg` takes it. */
function numbered({ sql, params }) {
  let n = 0;
  return { text: sql.replace(/\?/g, () => `$${++n}`), values: params };
}

module.exports = { median, percentile, measureApi, numbered, cpuSnapshot, cpuPerAnswer, backendsOf };
