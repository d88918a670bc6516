// Applies every service's migrations, one after the other, before any service starts.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const MIGRATIONS = [
  'services/identity/dist/src/migrate.js',
  'services/orders/dist/src/migrate.js',
  'services/stores/youcan/dist/src/migrate.js',
  'services/delivery/zr/dist/src/migrate.js',
];

function migrateAll(env) {
  for (const entry of MIGRATIONS) {
    const result = spawnSync(process.execPath, [entry], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (result.status !== 0) {
      process.stdout.write(result.stdout ?? '');
      throw new Error(`Migrations failed: ${entry}`);
    }
  }
}

if (require.main === module) {
  try {
    migrateAll(process.env);
    console.log('Migrations applied');
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

module.exports = { migrateAll };
