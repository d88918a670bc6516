// `npm start`: PostgreSQL and Redis (used or started), build, migrations, then every service with
// prefixed logs. Ctrl-C stops everything this started.
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseEnv } = require('node:util');
const { concurrently } = require('concurrently');
const { build } = require('./build.cjs');
const { devJwtKeys } = require('./dev-keys.cjs');
const { ensurePostgres, ensureRedis } = require('./infra.cjs');
const { migrateAll } = require('./migrate.cjs');

const root = join(__dirname, '..', '..');

const SERVICES = [
  { name: 'gateway', entry: 'services/gateway/dist/main.js', color: 'cyan' },
  { name: 'identity', entry: 'services/identity/dist/src/main.js', color: 'magenta' },
  { name: 'orders', entry: 'services/orders/dist/src/main.js', color: 'green' },
  { name: 'stores-youcan', entry: 'services/stores/youcan/dist/src/main.js', color: 'yellow' },
  { name: 'delivery-zr', entry: 'services/delivery/zr/dist/src/main.js', color: 'blue' },
  { name: 'sandbox-youcan', entry: 'services/sandbox/youcan/dist/main.js', color: 'gray' },
  { name: 'sandbox-zr', entry: 'services/sandbox/zr/dist/main.js', color: 'gray' },
];

/** The environment, completed by a .env file at the root (the real environment wins). */
function environment() {
  const file = join(root, '.env');
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

async function waitUntilReady(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

async function main() {
  const env = environment();
  const cleanups = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error.message));
  };

  try {
    const postgres = await ensurePostgres(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tawsil');
    cleanups.push(postgres.stop);
    const redis = await ensureRedis(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    cleanups.push(redis.stop);

    const keys = env.JWT_PRIVATE_KEY && env.JWT_PUBLIC_KEY ? null : devJwtKeys();
    const serviceEnv = {
      ...env,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      JWT_PRIVATE_KEY: env.JWT_PRIVATE_KEY ?? keys.privateKey,
      JWT_PUBLIC_KEY: env.JWT_PUBLIC_KEY ?? keys.publicKey,
    };
    const port = Number(serviceEnv.PORT ?? 3000);

    console.log('Building…');
    build();
    console.log('Applying migrations…');
    migrateAll(serviceEnv);

    const { result, commands } = concurrently(
      SERVICES.map(({ name, entry, color }) => ({
        name,
        prefixColor: color,
        // exec: the signal reaches node itself, not a shell in between.
        command: `exec node ${entry}`,
        env: serviceEnv,
      })),
      { cwd: root, killOthersOn: ['failure', 'success'], prefix: 'name', restartTries: 0 },
    );
    const stopServices = () => commands.forEach((command) => command.kill('SIGTERM'));
    let stopping = false;
    const shutdown = () => {
      if (stopping) return;
      stopping = true;
      console.log('\nStopping…');
      stopServices();
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);

    void waitUntilReady(`http://localhost:${port}/health/ready`, 60_000).then((ready) => {
      if (!ready || stopping) return;
      console.log(
        [
          '',
          '  Tawsil is running',
          `  App and API     http://localhost:${port}`,
          `  API docs        http://localhost:${port}/api/docs`,
          `  YouCan sandbox  http://127.0.0.1:${serviceEnv.SANDBOX_YOUCAN_PORT ?? 4010}`,
          `  ZR sandbox      http://127.0.0.1:${serviceEnv.SANDBOX_ZR_PORT ?? 4020}`,
          '  Ctrl-C stops everything',
          '',
        ].join('\n'),
      );
    });

    const exitCode = await result.then(
      () => 0,
      () => (stopping ? 0 : 1),
    );
    if (exitCode !== 0) console.error('A service stopped unexpectedly: everything was stopped.');
    await stopAll();
    process.exit(exitCode);
  } catch (error) {
    console.error(error.message);
    await stopAll();
    process.exit(1);
  }
}

void main();
