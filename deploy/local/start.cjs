// `npm start`: PostgreSQL and Redis (used or started), build (skipped by --no-build when every
// service is built), migrations, then every service and sandbox, each in a process group of its
// own, with one log format; the banner once all of them answer. A Ctrl-C (SIGINT, SIGTERM or
// SIGHUP) stops the gateway, then the services' workers, then the other services, then the
// sandboxes, then PostgreSQL and Redis.
const { existsSync } = require('node:fs');
const { get } = require('node:http');
const { dirname, delimiter, join } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { build } = require('./build.cjs');
const { seedDemo } = require('./demo.cjs');
const { devEncryptionKey, devRpcKeys } = require('./dev-keys.cjs');
const { ensurePostgres } = require('./infra.cjs');
const { migrateAll } = require('./migrate.cjs');
const { createLogPrinter, logFormat } = require('./pretty-log.cjs');
const { databaseUrls, passwords } = require('./privileges.cjs');
const { SERVICES, STOP_ORDER } = require('./process-table.cjs');
const { startProcess, stopProcesses } = require('./processes.cjs');
const { rpcKeysFrom, rpcServiceEnv } = require('./rpc-keys.cjs');
const { redisForStart } = require('./start-redis.cjs');
const {
  environment,
  jwtKeys,
  localPorts,
  mailEnv,
  usesRealYoucan,
  yalidineEnv,
  youcanEnv,
  zrEnv,
} = require('./start-env.cjs');

const root = join(__dirname, '..', '..');

const answers200 = (url) =>
  new Promise((resolve) => {
    const request = get(url, { timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });

/** The URLs that have not answered 200 within timeoutMs (none: all ready). */
async function waitUntilReady(urls, timeoutMs, stopped) {
  const deadline = Date.now() + timeoutMs;
  let waiting = urls;
  while (waiting.length > 0 && Date.now() < deadline && !stopped()) {
    const ready = await Promise.all(waiting.map(answers200));
    waiting = waiting.filter((_url, index) => !ready[index]);
    if (waiting.length > 0) await sleep(300);
  }
  return waiting;
}

function readinessUrl(service, ports) {
  if (service.role === 'gateway') return `http://127.0.0.1:${ports.PORT}/health/ready`;
  const port = service.health ? service.health + ports.offset : ports[service.port];
  return `http://127.0.0.1:${port}/health/ready`;
}

function banner(ports, demo) {
  return [
    '',
    '  ──────────────────────────────────────────────────────────────',
    '  Tawsil is running',
    `  App and API     http://localhost:${ports.PORT}`,
    `  API docs        http://localhost:${ports.PORT}/api/docs`,
    `  YouCan sandbox  http://127.0.0.1:${ports.SANDBOX_YOUCAN_PORT}`,
    `  ZR sandbox      http://127.0.0.1:${ports.SANDBOX_ZR_PORT}`,
    `  Yalidine sandbox http://127.0.0.1:${ports.SANDBOX_YALIDINE_PORT}`,
    `  Mail sandbox    http://127.0.0.1:${ports.SANDBOX_MAIL_PORT}/messages`,
    ...demo,
    '  Ctrl-C stops everything',
    '  ──────────────────────────────────────────────────────────────',
    '',
  ].join('\n');
}

/** The demo owner and its store, on the sandboxes only; DEMO=false goes without. */
async function demo(env, ports) {
  if (env.DEMO === 'false' || usesRealYoucan(env) || env.ZR_API_URL || env.YALIDINE_API_URL) return [];
  try {
    return await seedDemo({
      gateway: `http://127.0.0.1:${ports.PORT}`,
      youcanSandbox: `http://127.0.0.1:${ports.SANDBOX_YOUCAN_PORT}`,
      zrSandbox: `http://127.0.0.1:${ports.SANDBOX_ZR_PORT}`,
      yalidineSandbox: `http://127.0.0.1:${ports.SANDBOX_YALIDINE_PORT}`,
      mailSandbox: `http://127.0.0.1:${ports.SANDBOX_MAIL_PORT}`,
    });
  } catch (error) {
    return [`  Demo            not made: ${error.message}`];
  }
}

const isBuilt = () => SERVICES.every((service) => existsSync(join(root, service.entry)));

async function main() {
  const skipBuild = process.argv.includes('--no-build');
  const env = environment();
  const printer = createLogPrinter({
    format: logFormat(env),
    colors: logFormat(env) === 'pretty' && process.stdout.isTTY && !env.NO_COLOR,
    names: SERVICES.map((service) => service.name),
  });
  const infra = [];
  const running = [];
  const aborter = new AbortController();
  let stopping = false;
  let failure = null;

  /** Stops what was started, in order, and exits with code. */
  const stopAll = async (code) => {
    const started = Date.now();
    const anything = running.length + infra.length > 0;
    for (const { role, timeoutMs } of STOP_ORDER) {
      const group = running.filter((entry) => entry.role === role);
      await stopProcesses(group, timeoutMs, (message) => console.error(message));
    }
    for (const stop of infra.splice(0).reverse()) await stop().catch((error) => console.error(error.message));
    if (anything) console.log(`Stopped in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    process.exit(code);
  };

  // Registered first: a Ctrl-C during set-up stops what was started so far (the step in progress
  // ends first); during the run it stops everything in order.
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    aborter.abort();
    if (running.length > 0) void stopAll(failure ? 1 : 130);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, shutdown);

  const interrupted = async () => {
    await sleep(1); // lets a signal that arrived during a blocking step reach its handler first
    if (stopping) await stopAll(130);
    return stopping;
  };

  try {
    const ports = localPorts(env);
    const postgres = await ensurePostgres(env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/tawsil');
    infra.push(postgres.stop);
    if (await interrupted()) return;

    const keys = jwtKeys(env);
    const rpcKeys = rpcKeysFrom(env) ?? devRpcKeys();
    const shared = {
      ...env,
      DATABASE_URL: postgres.url,
      // Each service gets its own user's URL below; no other process needs Redis.
      REDIS_URL: undefined,
      // The services run on the project's Node 24 even when started without bootstrap.cjs.
      PATH: `${dirname(process.execPath)}${delimiter}${env.PATH ?? ''}`,
      JWT_PRIVATE_KEY: undefined,
      JWT_PUBLIC_KEY: undefined,
      // Each service's queue processors run in its worker process, not in main.ts as well.
      RUN_WORKERS: 'false',
      // Every local server on the loopback only.
      BIND_ADDRESS: env.BIND_ADDRESS || '127.0.0.1',
      SANDBOX_HOST: env.SANDBOX_HOST || '127.0.0.1',
      PORT: String(ports.PORT),
      SANDBOX_YOUCAN_PORT: String(ports.SANDBOX_YOUCAN_PORT),
      SANDBOX_ZR_PORT: String(ports.SANDBOX_ZR_PORT),
      SANDBOX_MAIL_PORT: String(ports.SANDBOX_MAIL_PORT),
      SANDBOX_YALIDINE_PORT: String(ports.SANDBOX_YALIDINE_PORT),
      SANDBOX_SMTP_PORT: String(ports.SANDBOX_SMTP_PORT),
      ENCRYPTION_KEY: env.ENCRYPTION_KEY || devEncryptionKey(),
      ...youcanEnv(env, ports),
      ...mailEnv(env, ports),
    };
    Object.assign(shared, zrEnv(env, ports, shared.ENCRYPTION_KEY));
    Object.assign(shared, yalidineEnv(env, ports, shared.ENCRYPTION_KEY));
    shared.PUBLIC_URL = env.PUBLIC_URL || `http://localhost:${ports.PORT}`;
    shared.APP_URL = env.APP_URL || shared.PUBLIC_URL;

    // Each service as its own PostgreSQL role and its own Redis user.
    const passwordOf = passwords(env, shared.ENCRYPTION_KEY);
    const ownDatabase = (await databaseUrls(postgres.url, passwordOf)) ?? {};
    const redis = await redisForStart(env, ports.offset, passwordOf);
    infra.push(redis.stop);
    const ownRedis = redis.serviceUrls;
    if (await interrupted()) return;

    if (skipBuild && isBuilt()) {
      console.log('Build skipped (--no-build)');
    } else {
      console.log('Building…');
      await build(aborter.signal);
    }
    if (await interrupted()) return;
    console.log('Applying migrations…');
    await migrateAll(shared, ownDatabase, aborter.signal);
    if (await interrupted()) return;

    for (const service of SERVICES) {
      // A worker connects as its service: the same PostgreSQL role, Redis user and keys.
      const owner = service.service ?? service.name;
      const ownPorts = service.health ? { HEALTH_PORT: String(service.health + ports.offset) } : {};
      const entry = startProcess({
        name: service.name,
        command: process.execPath,
        args: [service.entry],
        cwd: root,
        printer,
        env: {
          ...shared,
          ...ownPorts,
          ...(service.metrics ? { METRICS_PORT: String(service.metrics + ports.offset) } : {}),
          ...(ownDatabase[owner] ? { DATABASE_URL: ownDatabase[owner] } : {}),
          ...(ownRedis[owner] ? { REDIS_URL: ownRedis[owner] } : {}),
          ...rpcServiceEnv(owner, rpcKeys),
          ...service.env?.(keys),
        },
      });
      running.push({ ...entry, role: service.role });
      void entry.exited.then(({ code, signal, error }) => {
        if (stopping) return;
        const reason = error ? error.message : `exit code ${code ?? signal}`;
        failure = `${service.name} stopped unexpectedly (${reason}): stopping everything.`;
        console.error(failure);
        shutdown();
      });
    }

    const notReady = await waitUntilReady(
      SERVICES.map((service) => readinessUrl(service, ports)),
      60_000,
      () => stopping,
    );
    if (stopping) return;
    if (notReady.length > 0) {
      console.error(`\nNot ready after 60 s: ${notReady.join(', ')}; see the logs above.`);
      return;
    }
    console.log(banner(ports, await demo(env, ports)));
  } catch (error) {
    console.error(error.message);
    if (running.length > 0) {
      failure = error.message;
      shutdown();
    } else await stopAll(stopping ? 130 : error.exitCode || 1);
  }
}

void main();
