// `npm test`: lint, type-check, format check, build, unit tests, then integration tests against
// real PostgreSQL and Redis (started here when none answers). Stops at the first failure.
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync } = require('node:fs');
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

const totals = { passed: 0, failed: 0 };

/** Runs one Jest project and adds its counts to the totals printed at the end. */
function jest(title, project, env) {
  const report = join(root, '.local', `jest-${project}.json`);
  mkdirSync(join(root, '.local'), { recursive: true });
  try {
    step(
      title,
      'jest',
      ['--selectProjects', project, '--json', `--outputFile=${report}`, ...ci, ...jestArgs],
      env,
    );
  } finally {
    if (existsSync(report)) {
      const { numPassedTests, numFailedTests } = JSON.parse(readFileSync(report, 'utf8'));
      totals.passed += numPassedTests;
      totals.failed += numFailedTests;
    }
  }
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
    step('Type-check the web app', 'tsc', ['-p', 'web/tsconfig.json']);
    step('Format', 'prettier', ['--check', '.', '--log-level', 'warn']);
    console.log('\n▶ Build');
    build();
    jest('Unit tests', 'unit', process.env);
    jest('Web component tests', 'web', process.env);

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

    const services = { ...process.env, TEST_DATABASE_URL: postgres.url, TEST_REDIS_URL: redis.url };
    jest('Integration tests', 'integration', services);
    jest('Browser tests', 'browser', services);
    console.log('\nAll checks passed.');
  } catch (error) {
    console.error(`\n✘ ${error.message}`);
    process.exitCode = 1;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed`);
  }
}

void main();
