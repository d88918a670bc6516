// Applies every service's migrations (from the built dist/), one after the other, before any
// service starts. `npm run migrate` runs it with DATABASE_URL from the environment.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const MIGRATIONS = {
  identity: 'services/identity/dist/src/migrate.js',
  orders: 'services/orders/dist/src/migrate.js',
  'stores-youcan': 'services/stores/youcan/dist/src/migrate.js',
  'delivery-zr': 'services/delivery/zr/dist/src/migrate.js',
};

/**
 * Throws on the first failing step; the error's exitCode is that step's. databaseUrls gives a
 * service's migrations their own URL (the service's role); otherwise env's DATABASE_URL.
 */
function migrateAll(env, databaseUrls = {}) {
  for (const [service, entry] of Object.entries(MIGRATIONS)) {
    // Their log lines only matter when they fail.
    const result = spawnSync(process.execPath, [entry], {
      cwd: root,
      env: { ...env, DATABASE_URL: databaseUrls[service] ?? env.DATABASE_URL },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (result.status !== 0) {
      process.stdout.write(result.stdout ?? '');
      const reason = result.error?.message ?? `exit code ${result.status ?? result.signal}`;
      throw Object.assign(new Error(`Migrations failed: ${entry} (${reason})`), {
        exitCode: result.status || 1,
      });
    }
  }
}

if (require.main === module) {
  try {
    migrateAll(process.env);
    console.log('Migrations applied');
  } catch (error) {
    console.error(error.message);
    process.exit(error.exitCode ?? 1);
  }
}

module.exports = { migrateAll };
