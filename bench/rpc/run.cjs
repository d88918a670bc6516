// Compares the project's Redis Streams transport with Nest's built-in Redis transporter:
// latency at 1 and 32 requests in flight, and how many times each request is handled with two
// instances running. Prints a table and writes bench/results/rpc.json. Loopback only, bounded.
require('reflect-metadata');
require('@nestjs/common').Logger.overrideLogger(['error', 'warn']);
const { spawn } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { ClientProxyFactory, Transport } = require('@nestjs/microservices');
const { RedisStreamsClient } = require('@tawsil/nest-common');
const { Redis } = require('ioredis');
const { firstValueFrom, timeout } = require('rxjs');
const { build } = require('../../deploy/local/build.cjs');

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARMUP = 200;
const PATTERN = 'orders.bench.echo.v1';
const TRANSPORTS = ['streams', 'builtin'];
const root = join(__dirname, '..', '..');

function startServer(transport, instance) {
  const child = spawn(
    process.execPath,
    [join(__dirname, 'echo-server.cjs'), transport, instance, REDIS_URL],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${transport} server did not start`)), 20_000);
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
  });
}

async function stopServers(children) {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
    ),
  );
}

function createClient(transport) {
  if (transport === 'streams') return new RedisStreamsClient({ redisUrl: REDIS_URL, timeoutMs: 10_000 });
  const url = new URL(REDIS_URL);
  return ClientProxyFactory.create({
    transport: Transport.REDIS,
    options: { host: url.hostname, port: Number(url.port), db: Number(url.pathname.slice(1) || 0) },
  });
}

const call = (client, payload) => firstValueFrom(client.send(PATTERN, payload).pipe(timeout(10_000)));

/** Sends `total` requests keeping `concurrency` in flight; answers each request's latency in ms. */
async function load(client, total, concurrency, payload = () => ({ n: 1 })) {
  const latencies = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const started = performance.now();
      await call(client, payload());
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

function summarize(latencies, seconds) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const round = (x) => Math.round(x * 100) / 100;
  return {
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    rps: Math.round(latencies.length / seconds),
  };
}

async function latencyCells(transport) {
  const servers = [await startServer(transport, `${transport}-1`)];
  const client = createClient(transport);
  await client.connect();
  const cells = [];
  try {
    for (const concurrency of [1, 32]) {
      await load(client, WARMUP, concurrency);
      const { latencies, seconds } = await load(client, REQUESTS, concurrency);
      cells.push({ transport, concurrency, requests: REQUESTS, ...summarize(latencies, seconds) });
    }
  } finally {
    await client.close();
    await stopServers(servers);
  }
  return cells;
}

async function handledPerRequest(transport, redis) {
  const servers = [
    await startServer(transport, `${transport}-a`),
    await startServer(transport, `${transport}-b`),
  ];
  const client = createClient(transport);
  await client.connect();
  const sent = 500;
  try {
    await redis.del(`bench:handled:${transport}`);
    await load(client, sent, 8, () => ({ count: true }));
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the second copies land
    const handled = Number(await redis.get(`bench:handled:${transport}`));
    return { transport, instances: 2, requests: sent, handled, handledPerRequest: handled / sent };
  } finally {
    await client.close();
    await stopServers(servers);
  }
}

async function main() {
  build();
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  const latency = [];
  const duplication = [];
  for (const transport of TRANSPORTS) latency.push(...(await latencyCells(transport)));
  for (const transport of TRANSPORTS) duplication.push(await handledPerRequest(transport, redis));
  await redis.flushdb();
  redis.disconnect();

  console.log('\nLatency (ms) and throughput, one instance, echo handler, loopback Redis');
  console.table(latency);
  console.log('Two instances of the service: how many times each request was handled');
  console.table(duplication);
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    redis: REDIS_URL,
    latency,
    duplication,
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'rpc.json'), JSON.stringify(results, null, 2));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
