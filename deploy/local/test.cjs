// `npm test`: lint, type-check, format check, build, unit tests, then integration tests against
// real PostgreSQL and Redis (started here when none answers). Stops at the first failure.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { build } = require('./build.cjs');
const { ensurePostgres, ensureRedis, postgresAnswers, redisAnswers } = require('./infra.cjs');

const root = join(__dirname, '..', '..');
const jestArgs = process.argv.slice(2);
const ci = process.env.CI === 'true' ? ['--ci'] : [];

function step(title, command, args, env = process.env) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${title} failed`);
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** The given URL when set; else the local default when it answers; else one started on a spare port. */
async function testService(configured, localDefault, spare, ensure, answers) {
  if (configured) return { url: configured, stop: async () => {} };
  if (await answers(localDefault)) return { url: localDefault, stop: async () => {} };
  return ensure(spare);
}

async function main() {
  const stops = [];
  try {
    step('Lint', 'eslint', ['.', '--max-warnings', '0']);
    step('Type-check', 'tsc', ['-p', 'tsconfig.json', '--noEmit']);
    step('Format', 'prettier', ['--check', '.', '--log-level', 'warn']);
    console.log('\n▶ Build');
    build();
    step('Unit tests', 'jest', ['--selectProjects', 'unit', ...ci, ...jestArgs]);

    const postgres = await testService(
      process.env.TEST_DATABASE_URL,
      'postgres://postgres@127.0.0.1:5432/postgres',
      'postgres://postgres:postgres@127.0.0.1:54329/postgres',
      ensurePostgres,
      postgresAnswers,
    );
    stops.push(postgres.stop);
    const redis = await testService(
      process.env.TEST_REDIS_URL,
      'redis://127.0.0.1:6379',
      'redis://127.0.0.1:63799',
      ensureRedis,
      redisAnswers,
    );
    stops.push(redis.stop);

    step('Integration tests', 'jest', ['--selectProjects', 'integration', ...ci, ...jestArgs], {
      ...process.env,
      TEST_DATABASE_URL: postgres.url,
      TEST_REDIS_URL: redis.url,
    });
    console.log('\nAll checks passed.');
  } catch (error) {
    console.error(`\n✘ ${error.message}`);
    process.exitCode = 1;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

void main();
