// Applies every service's migrations (from the built dist/), one after the other, before any
// service starts. `npm run migrate` runs it with DATABASE_URL from the environment.
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const MIGRATIONS = {
  identity: 'services/identity/dist/src/migrate.js',
  orders: 'services/orders/dist/src/migrate.js',
  'stores-youcan': 'services/stores/youcan/dist/src/migrate.js',
  'delivery-zr': 'services/delivery/zr/dist/src/migrate.js',
};

/** Runs one service's migrations; their log lines only matter when they fail. */
function migrate(entry, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', (error) => resolve({ status: null, stdout, error }));
    child.on('close', (status, signal) => resolve({ status, signal, stdout }));
  });
}

/**
 * Throws on the first failing step; the error's exitCode is that step's. databaseUrls gives a
 * service's migrations their own URL (the service's role); otherwise env's DATABASE_URL. Once
 * `signal` is aborted, the service's migrations in progress end and the next ones do not start.
 */
async function migrateAll(env, databaseUrls = {}, signal) {
  for (const [service, entry] of Object.entries(MIGRATIONS)) {
    if (signal?.aborted) throw Object.assign(new Error('Migrations stopped'), { exitCode: 130 });
    const result = await migrate(entry, { ...env, DATABASE_URL: databaseUrls[service] ?? env.DATABASE_URL });
    if (result.status !== 0) {
      process.stdout.write(result.stdout);
      const reason = result.error?.message ?? `exit code ${result.status ?? result.signal}`;
      throw Object.assign(new Error(`Migrations failed: ${entry} (${reason})`), {
        exitCode: result.status || 1,
      });
    }
  }
}

if (require.main === module) {
  migrateAll(process.env).then(
    () => console.log('Migrations applied'),
    (error) => {
      console.error(error.message);
      process.exit(error.exitCode ?? 1);
    },
  );
}

module.exports = { migrateAll };
