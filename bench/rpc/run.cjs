// Compares the project's Redis Streams transport with Nest's built-in Redis transporter (pub/sub):
//   1. latency (p50, p95, p99) and throughput at 1 and 32 requests in flight, one server instance;
//   2. two server instances: how many times each request is handled, and by which instance;
//   3. the service down when the requests are sent, started half a second later: how many are answered.
// Prints the tables and writes bench/results/rpc.json. A benchmark, not a test: nothing is asserted.
// Loopback Redis only, a database other than 0 (emptied before and after), bounded loops, and every
// child process is killed on the way out, whatever happens.
require('reflect-metadata');
require('@nestjs/common').Logger.overrideLogger(['error', 'warn']);
const { spawn } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { setTimeout: sleep } = require('node:timers/promises');
const { ClientProxyFactory, Transport } = require('@nestjs/microservices');
const { Redis } = require('ioredis');
const { firstValueFrom, timeout } = require('rxjs');
const { build } = require('../../deploy/local/build.cjs');

const root = join(__dirname, '..', '..');
const int = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};

const config = {
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9',
  requests: int('BENCH_REQUESTS', 2000),
  warmup: int('BENCH_WARMUP', 200),
  rounds: int('BENCH_ROUNDS', 5),
  concurrencies: [1, 32],
  twoInstanceRequests: int('BENCH_TWO_INSTANCE_REQUESTS', 500),
  outageRequests: int('BENCH_OUTAGE_REQUESTS', 100),
  outageMs: 500,
  outageTimeoutMs: 5000,
  maxSeconds: int('BENCH_MAX_SECONDS', 240),
};
const PATTERN = 'orders.bench.echo.v1';
const TRANSPORTS = ['streams', 'builtin'];
const LABEL = { streams: 'Redis Streams (project)', builtin: 'built-in Redis (pub/sub)' };

// ---- child processes: tracked from spawn to exit, killed on every way out -------------------------

const children = new Set();

function killAll() {
  for (const child of children) child.kill('SIGKILL');
}

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    process.exit(130);
  });
}

function startServer(transport, instance) {
  const child = spawn(
    process.execPath,
    [join(__dirname, 'echo-server.cjs'), transport, instance, config.redisUrl],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    const fail = (reason) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${transport} server ${instance} ${reason}`));
    };
    const timer = setTimeout(() => fail('did not start within 20 s'), 20_000);
    child.once('exit', (code, signal) => fail(`exited before it was ready (${signal ?? code})`));
    child.once('message', (message) => {
      if (message !== 'ready') return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.once('exit', () => children.delete(child));
      resolve(child);
    });
  });
}

/** SIGTERM (Nest's shutdown hooks close the transport), SIGKILL after 3 s. */
function stopServers(servers) {
  return Promise.all(
    servers.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 3000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

// ---- clients and load ----------------------------------------------------------------------------

function createClient(transport, timeoutMs) {
  if (transport === 'streams') {
    // Required here, after the build: the compiled library in libs/nest-common/dist.
    const { RedisStreamsClient } = require('@tawsil/nest-common');
    return new RedisStreamsClient({ redisUrl: config.redisUrl, owner: 'gateway', timeoutMs });
  }
  const url = new URL(config.redisUrl);
  return ClientProxyFactory.create({
    transport: Transport.REDIS,
    options: { host: url.hostname, port: Number(url.port || 6379), db: Number(url.pathname.slice(1) || 0) },
  });
}

// Our transport routes on the service a pattern declares; Nest's Redis transport on the text alone.
const call = (client, payload, timeoutMs) =>
  firstValueFrom(
    (client.request ? client.request('orders', PATTERN, payload) : client.send(PATTERN, payload)).pipe(
      timeout(timeoutMs),
    ),
  );

/** Sends `total` requests keeping `concurrency` in flight; the latency of each answer in ms. */
async function load(client, total, concurrency, payload = { n: 1, text: 'echo' }, timeoutMs = 10_000) {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const started = performance.now();
      try {
        await call(client, payload, timeoutMs);
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

const round2 = (x) => Math.round(x * 100) / 100;

function percentiles(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: round2(at(0.5)), p95: round2(at(0.95)), p99: round2(at(0.99)) };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ---- scenarios -----------------------------------------------------------------------------------

/**
 * One instance of each server, both running throughout; the rounds alternate the order of the
 * transports so that neither always runs first or last on a busy machine. Percentiles are over the
 * latencies of all rounds together; throughput is the median of the rounds, with its range.
 */
async function latencyScenario() {
  const servers = await Promise.all(TRANSPORTS.map((transport) => startServer(transport, `${transport}-1`)));
  const clients = Object.fromEntries(
    TRANSPORTS.map((transport) => [transport, createClient(transport, 10_000)]),
  );
  const samples = {};
  try {
    await Promise.all(Object.values(clients).map((client) => client.connect()));
    for (let round = 0; round < config.rounds; round++) {
      const order = round % 2 ? [...TRANSPORTS].reverse() : TRANSPORTS;
      for (const transport of order) {
        for (const concurrency of config.concurrencies) {
          await load(clients[transport], config.warmup, concurrency);
          const { latencies, errors, seconds } = await load(clients[transport], config.requests, concurrency);
          const cell = (samples[`${transport}/${concurrency}`] ??= {
            transport,
            concurrency,
            latencies: [],
            rps: [],
            errors: 0,
          });
          cell.latencies.push(...latencies);
          cell.rps.push(latencies.length / seconds);
          cell.errors += errors;
        }
      }
      process.stderr.write(`latency: round ${round + 1}/${config.rounds} done\n`);
    }
  } finally {
    await Promise.all(Object.values(clients).map((client) => client.close()));
    await stopServers(servers);
  }
  return TRANSPORTS.flatMap((transport) =>
    config.concurrencies.map((concurrency) => {
      const cell = samples[`${transport}/${concurrency}`];
      return {
        transport,
        concurrency,
        requests: cell.latencies.length,
        errors: cell.errors,
        ...percentiles(cell.latencies),
        rps: Math.round(median(cell.rps)),
        rpsMin: Math.round(Math.min(...cell.rps)),
        rpsMax: Math.round(Math.max(...cell.rps)),
        rpsByRound: cell.rps.map(Math.round),
      };
    }),
  );
}

/** Waits until the counts stop moving: the second copies of a pub/sub request land after its answer. */
async function settledCounts(redis, key) {
  let previous = '';
  for (let i = 0; i < 15; i++) {
    await sleep(200);
    const counts = await redis.hgetall(key);
    const current = JSON.stringify(counts);
    if (current === previous) return counts;
    previous = current;
  }
  return JSON.parse(previous);
}

async function twoInstanceScenario(transport, redis) {
  const instances = [`${transport}-a`, `${transport}-b`];
  const servers = [];
  const client = createClient(transport, 10_000);
  try {
    for (const instance of instances) servers.push(await startServer(transport, instance));
    await client.connect();
    await redis.del(`bench:handled:${transport}`);
    const sent = config.twoInstanceRequests;
    const { latencies, errors } = await load(client, sent, 8, { count: true });
    const counts = await settledCounts(redis, `bench:handled:${transport}`);
    const byInstance = instances.map((instance) => Number(counts[instance] ?? 0));
    const handled = byInstance.reduce((a, b) => a + b, 0);
    return {
      transport,
      instances: instances.length,
      requests: sent,
      answered: latencies.length,
      errors,
      handled,
      handledByInstance: byInstance,
      handledPerRequest: round2(handled / sent),
    };
  } finally {
    await client.close();
    await stopServers(servers);
  }
}

/**
 * No instance runs when the requests are sent; one starts `outageMs` later. Each request may wait
 * `outageTimeoutMs`. The Streams requests wait in the stream; pub/sub messages reach no one.
 */
async function outageScenario(transport, redis) {
  await redis.flushdb();
  const client = createClient(transport, config.outageTimeoutMs);
  const servers = [];
  try {
    await client.connect();
    const sent = config.outageRequests;
    const started = performance.now();
    const results = load(client, sent, sent, { count: true }, config.outageTimeoutMs);
    await sleep(config.outageMs);
    servers.push(await startServer(transport, `${transport}-late`));
    const readyAfterMs = Math.round(performance.now() - started);
    const { latencies, errors } = await results;
    const counts = await settledCounts(redis, `bench:handled:${transport}`);
    const handled = Object.values(counts).reduce((a, b) => a + Number(b), 0);
    return {
      transport,
      requests: sent,
      serverReadyAfterMs: readyAfterMs,
      answered: latencies.length,
      timedOut: errors,
      handled,
      slowestAnswerMs: latencies.length ? Math.round(Math.max(...latencies)) : null,
    };
  } finally {
    await client.close();
    await stopServers(servers);
  }
}

// ---- output --------------------------------------------------------------------------------------

function table(headers, rows) {
  const cells = rows.map((row) => row.map(String));
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((row) => row[i].length)));
  const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(headers), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.map(line)].join(
    '\n',
  );
}

const thousands = (n) => n.toLocaleString('en-US');

function report(results) {
  const { machine, latency, twoInstances, outage } = results;
  console.log(
    `\n${results.date}, ${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}, Redis ${machine.redis}` +
      ` on loopback; ${config.rounds} rounds of ${thousands(config.requests)} requests per cell` +
      ` after ${config.warmup} warm-up requests`,
  );
  console.log('\nLatency (ms) and throughput, one instance, echo handler\n');
  console.log(
    table(
      [
        'transport',
        'in flight',
        'requests',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'req/s (median)',
        'req/s (range)',
        'errors',
      ],
      latency.map((c) => [
        LABEL[c.transport],
        c.concurrency,
        thousands(c.requests),
        c.p50.toFixed(2),
        c.p95.toFixed(2),
        c.p99.toFixed(2),
        thousands(c.rps),
        `${thousands(c.rpsMin)} to ${thousands(c.rpsMax)}`,
        c.errors,
      ]),
    ),
  );
  console.log(
    '\nTwo instances of the service, 8 requests in flight: how many times each request was handled\n',
  );
  console.log(
    table(
      ['transport', 'instances', 'requests', 'answered', 'handled', 'by instance', 'handled per request'],
      twoInstances.map((c) => [
        LABEL[c.transport],
        c.instances,
        thousands(c.requests),
        thousands(c.answered),
        thousands(c.handled),
        c.handledByInstance.map(thousands).join(' + '),
        c.handledPerRequest,
      ]),
    ),
  );
  console.log(
    `\nService down when the requests are sent, started ${config.outageMs} ms later` +
      ` (each request waits at most ${config.outageTimeoutMs} ms)\n`,
  );
  console.log(
    table(
      ['transport', 'requests', 'server ready after', 'answered', 'timed out', 'handled', 'slowest answer'],
      outage.map((c) => [
        LABEL[c.transport],
        c.requests,
        `${c.serverReadyAfterMs} ms`,
        c.answered,
        c.timedOut,
        c.handled,
        c.slowestAnswerMs === null ? '-' : `${c.slowestAnswerMs} ms`,
      ]),
    ),
  );
}

function checkRedisUrl(redisUrl) {
  const url = new URL(redisUrl);
  const db = Number(url.pathname.slice(1) || 0);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error(`BENCH_REDIS_URL must be a loopback Redis, not ${url.hostname}`);
  }
  if (!Number.isInteger(db) || db === 0) {
    throw new Error(
      'BENCH_REDIS_URL must name a database other than 0 (it is emptied), e.g. redis://127.0.0.1:6379/9',
    );
  }
}

async function main() {
  const begun = performance.now();
  setTimeout(() => {
    console.error(`The benchmark took more than ${config.maxSeconds} s: stopping it`);
    process.exit(1);
  }, config.maxSeconds * 1000).unref();
  checkRedisUrl(config.redisUrl);
  process.stderr.write('building (nx, cached)...\n');
  await build();

  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    await redis.flushdb();
    const info = await redis.info('server');
    const machine = {
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
      node: process.versions.node,
      redis: /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown',
    };
    const latency = await latencyScenario();
    const twoInstances = [];
    for (const transport of TRANSPORTS) twoInstances.push(await twoInstanceScenario(transport, redis));
    process.stderr.write('two instances: done\n');
    const outage = [];
    for (const transport of TRANSPORTS) outage.push(await outageScenario(transport, redis));
    process.stderr.write('outage: done\n');

    const results = { date: new Date().toISOString(), machine, config, latency, twoInstances, outage };
    report(results);
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'rpc.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      `\nbench/results/rpc.json written; ${Math.round((performance.now() - begun) / 1000)} s in all`,
    );
  } finally {
    await redis.flushdb().catch(() => undefined);
    redis.disconnect();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
