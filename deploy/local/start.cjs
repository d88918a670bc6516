// `npm start`: PostgreSQL and Redis (used or started), build, migrations, then every service with
// prefixed logs. Ctrl-C stops the services, then what was started for them.
const { createHash, createPublicKey } = require('node:crypto');
const { existsSync, readFileSync } = require('node:fs');
const { get } = require('node:http');
const { dirname, delimiter, join } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { parseEnv } = require('node:util');
const { concurrently } = require('concurrently');
const { build } = require('./build.cjs');
const { seedDemo } = require('./demo.cjs');
const { devEncryptionKey, devJwtKeys, devRpcKeys } = require('./dev-keys.cjs');
const { ensurePostgres, ensureRedis } = require('./infra.cjs');
const { migrateAll } = require('./migrate.cjs');
const { databaseUrls, passwords, redisUrls } = require('./privileges.cjs');
const { rpcKeysFrom, rpcServiceEnv } = require('./rpc-keys.cjs');

const root = join(__dirname, '..', '..');

const SERVICES = [
  {
    name: 'gateway',
    entry: 'services/gateway/dist/main.js',
    color: 'cyan',
    env: (keys) => ({ JWT_PUBLIC_KEY: keys.publicKey }),
  },
  {
    name: 'identity',
    entry: 'services/identity/dist/src/main.js',
    color: 'magenta',
    env: (keys) => ({ JWT_PRIVATE_KEY: keys.privateKey }),
  },
  { name: 'orders', entry: 'services/orders/dist/src/main.js', color: 'green' },
  { name: 'stores-youcan', entry: 'services/stores/youcan/dist/src/main.js', color: 'yellow' },
  { name: 'delivery-zr', entry: 'services/delivery/zr/dist/src/main.js', color: 'blue' },
  { name: 'sandbox-youcan', entry: 'services/sandbox/youcan/dist/main.js', color: 'gray' },
  { name: 'sandbox-zr', entry: 'services/sandbox/zr/dist/main.js', color: 'gray' },
  { name: 'sandbox-mail', entry: 'services/sandbox/mail/dist/main.js', color: 'gray' },
];

/** The environment, completed by a .env file at the root (the real environment wins). */
function environment() {
  const file = join(root, '.env');
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

/** The key pair from the environment (a PEM may use \n for its line breaks), else the dev pair. */
function jwtKeys(env) {
  const pem = (value) => value?.replace(/\\n/g, '\n');
  const privateKey = pem(env.JWT_PRIVATE_KEY);
  if (privateKey) {
    const publicKey =
      pem(env.JWT_PUBLIC_KEY) || createPublicKey(privateKey).export({ type: 'spki', format: 'pem' });
    return { privateKey, publicKey };
  }
  if (env.JWT_PUBLIC_KEY)
    throw new Error('JWT_PUBLIC_KEY is set but JWT_PRIVATE_KEY is not: set both or neither');
  return devJwtKeys();
}

/** Real YouCan when its app credentials are configured, else the YouCan sandbox. */
function youcanEnv(env) {
  if (env.YOUCAN_CLIENT_ID && env.YOUCAN_CLIENT_SECRET) return {};
  const sandbox = `http://127.0.0.1:${env.SANDBOX_YOUCAN_PORT || 4010}`;
  return {
    YOUCAN_CLIENT_ID: 'tawsil-sandbox',
    YOUCAN_CLIENT_SECRET: 'tawsil-sandbox-secret',
    YOUCAN_API_URL: sandbox,
    YOUCAN_AUTHORIZE_URL: `${sandbox}/admin/oauth/authorize`,
  };
}

/**
 * Real ZR Express when ZR_API_URL is set, else the ZR sandbox, with credentials that survive a
 * restart (so an account added in development keeps working) and tracking every 10 s.
 */
function zrEnv(env, encryptionKey) {
  if (env.ZR_API_URL) return {};
  const derive = (label, length) =>
    createHash('sha256').update(`${encryptionKey}:${label}`).digest('hex').slice(0, length);
  return {
    ZR_API_URL: `http://127.0.0.1:${env.SANDBOX_ZR_PORT || 4020}/api_v1`,
    ZR_TRACKING_INTERVAL_MS: env.ZR_TRACKING_INTERVAL_MS || '10000',
    SANDBOX_ZR_TOKEN: env.SANDBOX_ZR_TOKEN || derive('sandbox-zr-token', 64),
    SANDBOX_ZR_KEY: env.SANDBOX_ZR_KEY || derive('sandbox-zr-key', 32),
  };
}

/** A real SMTP relay when SMTP_URL is set, else the mail sandbox catches every e-mail. */
function mailEnv(env) {
  if (env.SMTP_URL) return {};
  return { SMTP_URL: `smtp://127.0.0.1:${env.SANDBOX_SMTP_PORT || 1025}` };
}

const answers200 = (url) =>
  new Promise((resolve) => {
    const request = get(url, { timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });

async function waitUntilReady(url, timeoutMs, stopped) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopped()) {
    if (await answers200(url)) return true;
    await sleep(500);
  }
  return false;
}

function banner(env, port, demo) {
  return [
    '',
    '  Tawsil is running',
    `  App and API     http://localhost:${port}`,
    `  API docs        http://localhost:${port}/api/docs`,
    `  YouCan sandbox  http://127.0.0.1:${env.SANDBOX_YOUCAN_PORT || 4010}`,
    `  ZR sandbox      http://127.0.0.1:${env.SANDBOX_ZR_PORT || 4020}`,
    `  Mail sandbox    http://127.0.0.1:${env.SANDBOX_MAIL_PORT || 4030}/messages`,
    ...demo,
    '  Ctrl-C stops everything',
    '',
  ].join('\n');
}

/** The demo owner and its store, on the sandboxes only; DEMO=false goes without. */
async function demo(env, port) {
  if (env.DEMO === 'false' || (env.YOUCAN_CLIENT_ID && env.YOUCAN_CLIENT_SECRET) || env.ZR_API_URL) return [];
  try {
    return await seedDemo({
      gateway: `http://127.0.0.1:${port}`,
      youcanSandbox: `http://127.0.0.1:${env.SANDBOX_YOUCAN_PORT || 4010}`,
      zrSandbox: `http://127.0.0.1:${env.SANDBOX_ZR_PORT || 4020}`,
      mailSandbox: `http://127.0.0.1:${env.SANDBOX_MAIL_PORT || 4030}`,
    });
  } catch (error) {
    return [`  Demo            not made: ${error.message}`];
  }
}

async function main() {
  const env = environment();
  const infra = [];
  let stopping = false;
  let services = null;

  // Registered first: a Ctrl-C during set-up still stops what was started so far (the steps
  // in progress end first), and during the run it stops the services before PostgreSQL and Redis.
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    // concurrently forwards the signal itself; this only makes sure nothing lingers.
    if (services) sleep(20_000, null, { ref: false }).then(() => services.forEach((c) => c.kill('SIGKILL')));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, shutdown);

  const finish = async (code) => {
    for (const stop of infra.reverse()) await stop().catch((error) => console.error(error.message));
    process.exit(code);
  };
  const interrupted = async () => {
    await sleep(1); // lets a signal that arrived during a blocking step reach its handler first
    if (stopping) await finish(130);
    return stopping;
  };

  try {
    const postgres = await ensurePostgres(env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/tawsil');
    infra.push(postgres.stop);
    if (await interrupted()) return;
    const redis = await ensureRedis(env.REDIS_URL || 'redis://127.0.0.1:6379');
    infra.push(redis.stop);
    if (await interrupted()) return;

    const keys = jwtKeys(env);
    const rpcKeys = rpcKeysFrom(env) ?? devRpcKeys();
    const shared = {
      ...env,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      // The services run on the project's Node 24 even when started without bootstrap.cjs.
      PATH: `${dirname(process.execPath)}${delimiter}${env.PATH ?? ''}`,
      JWT_PRIVATE_KEY: undefined,
      JWT_PUBLIC_KEY: undefined,
      // Each service has its own default health and metrics ports; one value for all would clash.
      HEALTH_PORT: undefined,
      METRICS_PORT: undefined,
      ENCRYPTION_KEY: env.ENCRYPTION_KEY || devEncryptionKey(),
      ...youcanEnv(env),
      ...mailEnv(env),
    };
    Object.assign(shared, zrEnv(env, shared.ENCRYPTION_KEY));
    const port = Number(env.PORT || 3000);
    shared.PUBLIC_URL = env.PUBLIC_URL || `http://localhost:${port}`;
    shared.APP_URL = env.APP_URL || shared.PUBLIC_URL;

    // Each service as its own PostgreSQL role, and its own Redis user where npm start runs Redis.
    const passwordOf = passwords(env, shared.ENCRYPTION_KEY);
    const ownDatabase = (await databaseUrls(postgres.url, passwordOf)) ?? {};
    const ownRedis = redis.started ? await redisUrls(redis.url, passwordOf) : {};
    if (await interrupted()) return;

    console.log('Building…');
    build();
    if (await interrupted()) return;
    console.log('Applying migrations…');
    migrateAll(shared, ownDatabase);
    if (await interrupted()) return;

    const run = concurrently(
      SERVICES.map((service) => ({
        name: service.name,
        prefixColor: service.color,
        // exec: the signal reaches node itself, not a shell in between.
        command: `exec node ${service.entry}`,
        env: {
          ...shared,
          ...(ownDatabase[service.name] ? { DATABASE_URL: ownDatabase[service.name] } : {}),
          ...(ownRedis[service.name] ? { REDIS_URL: ownRedis[service.name] } : {}),
          ...rpcServiceEnv(service.name, rpcKeys),
          ...service.env?.(keys),
        },
      })),
      { cwd: root, prefix: 'name', restartTries: 0, killOthersOn: [] },
    );
    services = run.commands;
    let failure = null;
    for (const command of services) {
      command.close.subscribe(({ exitCode }) => {
        if (stopping) return;
        failure = `${command.name} stopped unexpectedly (exit code ${exitCode}): stopping everything.`;
        shutdown();
        services.forEach((other) => other !== command && other.kill('SIGTERM'));
      });
    }

    const ready = `http://127.0.0.1:${port}/health/ready`;
    void waitUntilReady(ready, 60_000, () => stopping).then(async (isReady) => {
      if (!isReady) {
        if (!stopping)
          console.error(`\nThe gateway is not ready at ${ready} after 60 s; see the logs above.`);
        return;
      }
      console.log(banner(env, port, await demo(env, port)));
    });

    await run.result.catch(() => {});
    if (failure) console.error(failure);
    await finish(failure ? 1 : 0);
  } catch (error) {
    console.error(error.message);
    await finish(error.exitCode || 1);
  }
}

void main();
