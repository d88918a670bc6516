// `npm test`: lint, type-checks, format check, build, unit and web tests, then integration and
// browser tests against real PostgreSQL and Redis (started here when none answers). Stops at the
// first failure. Arguments after `npm test --` go to every Jest run.
const { spawn } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { build } = require('./build.cjs');
const { ensurePostgres, ensureRedis, postgresAnswers, redisAnswers } = require('./infra.cjs');

const root = join(__dirname, '..', '..');
// `npm test -- args` drops the `--`; `node deploy/local/bootstrap.cjs test -- args` keeps it.
const jestArgs = process.argv.slice(process.argv[2] === '--' ? 3 : 2);
const ci = process.env.CI === 'true' ? ['--ci'] : [];

let current = null;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    // The whole group: the test suites start services of their own.
    try {
      if (current) process.kill(-current.pid, signal);
    } catch {
      // already gone
    }
  });
}

function step(title, command, args, env = process.env) {
  if (interrupted) throw new Error('Interrupted');
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // detached: a group of its own, so that an interruption can stop all it started.
    current = spawn(command, args, { cwd: root, stdio: 'inherit', env, detached: true });
    current.on('error', reject);
    current.on('exit', (code) => {
      current = null;
      if (code !== 0) return reject(new Error(interrupted ? 'Interrupted' : `${title} failed`));
      console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve();
    });
  });
}

const totals = { passed: 0, failed: 0 };

/** Runs one Jest project and adds its counts to the totals printed at the end. */
async function jest(title, project, env, extra = []) {
  const report = join(root, '.local', `jest-${project}.json`);
  mkdirSync(join(root, '.local'), { recursive: true });
  rmSync(report, { force: true });
  try {
    const args = ['--selectProjects', project, ...extra, '--json', `--outputFile=${report}`, ...ci];
    await step(title, 'jest', [...args, ...jestArgs], env);
  } finally {
    if (existsSync(report)) {
      const { numPassedTests, numFailedTests } = JSON.parse(readFileSync(report, 'utf8'));
      totals.passed += numPassedTests;
      totals.failed += numFailedTests;
    }
  }
}

/** The given URL when set; else the local default when it answers; else one started on a spare port. */
async function testServer(configured, localDefault, spare, ensure, answers) {
  if (configured) return { url: configured, stop: async () => {} };
  if (await answers(localDefault)) return { url: localDefault, stop: async () => {} };
  return ensure(spare);
}

async function main() {
  const stops = [];
  try {
    await step('Lint', 'eslint', ['.', '--max-warnings', '0']);
    await step('Type-check', 'tsc', ['-p', 'tsconfig.json', '--noEmit']);
    await step('Type-check the web app', 'tsc', ['-p', 'web/tsconfig.json']);
    await step('Format', 'prettier', ['--check', '.', '--log-level', 'warn']);
    console.log('\n▶ Build');
    const buildStarted = Date.now();
    build();
    console.log(`✔ Build (${((Date.now() - buildStarted) / 1000).toFixed(1)} s)`);
    await jest('Unit tests', 'unit', process.env);
    await jest('Web component tests', 'web', process.env);

    const postgres = await testServer(
      process.env.TEST_DATABASE_URL,
      'postgres://postgres@127.0.0.1:5432/postgres',
      'postgres://postgres:postgres@127.0.0.1:54329/postgres',
      ensurePostgres,
      postgresAnswers,
    );
    stops.push(postgres.stop);
    const redis = await testServer(
      process.env.TEST_REDIS_URL,
      'redis://127.0.0.1:6379',
      'redis://127.0.0.1:63799',
      ensureRedis,
      redisAnswers,
    );
    stops.push(redis.stop);

    const services = { ...process.env, TEST_DATABASE_URL: postgres.url, TEST_REDIS_URL: redis.url };
    // Jest picks the number of workers; each test file makes its own database.
    await jest('Integration tests', 'integration', services, ['--runInBand=false']);
    await jest('Browser tests', 'browser', services);
    console.log('\nAll checks passed.');
  } catch (error) {
    console.error(`\n✘ ${error.message}`);
    process.exitCode = interrupted ? 130 : 1;
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error) => console.error(error.message));
    console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed`);
  }
}

void main();
