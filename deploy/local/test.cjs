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

/**
 * Runs one Jest project and adds its counts to the totals printed at the end: the files given, or
 * what `npm test -- ...` asked for.
 */
async function jest(title, project, env, extra = [], files = []) {
  const report = reportPath(project);
  mkdirSync(join(root, '.local'), { recursive: true });
  rmSync(report, { force: true });
  try {
    const args = ['--selectProjects', project, ...extra, '--json', `--outputFile=${report}`, ...ci];
    await step(title, 'jest', [...args, ...(files.length ? files : jestArgs)], env);
  } finally {
    if (existsSync(report)) {
      const { numPassedTests, numFailedTests } = JSON.parse(readFileSync(report, 'utf8'));
      totals.passed += numPassedTests;
      totals.failed += numFailedTests;
    }
  }
}

/**
 * Whole-system suites (real processes, a browser) can lose a race to a loaded machine. A file that
 * fails runs once more on a fresh system; the first failure stays printed above, and a file that
 * fails twice fails the run.
 */
async function jestWithSecondChance(title, project, env, extra = []) {
  try {
    await jest(title, project, env, extra);
  } catch (error) {
    if (interrupted) throw error;
    const failedFiles = failedFilesOf(project);
    if (failedFiles.length === 0 || failedFiles.length > 3) throw error;
    console.log(`\n⚠ ${title}: ${failedFiles.length} file(s) failed; running them once more:`);
    for (const file of failedFiles) console.log(`  ${file}`);
    forgetCountsOf(project, failedFiles);
    await jest(`${title}, failed files once more`, project, env, ['--runTestsByPath'], failedFiles);
  }
}

const reportPath = (project) => join(root, '.local', `jest-${project}.json`);
const failedResults = (project) =>
  existsSync(reportPath(project))
    ? JSON.parse(readFileSync(reportPath(project), 'utf8')).testResults.filter(
        (result) => result.status === 'failed',
      )
    : [];
const failedFilesOf = (project) => failedResults(project).map((result) => result.name);

/** The files about to run again are counted by their second run only. */
function forgetCountsOf(project, files) {
  for (const result of failedResults(project).filter((candidate) => files.includes(candidate.name))) {
    totals.passed -= result.assertionResults.filter((test) => test.status === 'passed').length;
    totals.failed -= result.assertionResults.filter((test) => test.status === 'failed').length;
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
    await build();
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
    await jestWithSecondChance('Integration tests', 'integration', services, ['--runInBand=false']);
    await jestWithSecondChance('Browser tests', 'browser', services);
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
