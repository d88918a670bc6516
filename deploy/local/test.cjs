// `npm test`: lint, type-checks, format check, build, unit and web tests, then integration and
// browser tests against real PostgreSQL and Redis (started here when none answers). Stops at the
// first failure. Arguments after `npm test --` go to every Jest run.
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, rmSync } = require('node:fs');
const { join, relative } = require('node:path');
const { build } = require('./build.cjs');
const { ensurePostgres, ensureRedisServerInstalled, freeLoopbackPort } = require('./infra.cjs');
const { startOwnRedis } = require('./own-redis.cjs');

const root = join(__dirname, '..', '..');
// `npm test -- args` drops the `--`; `node deploy/local/bootstrap.cjs test -- args` keeps it.
const jestArgs = process.argv.slice(process.argv[2] === '--' ? 3 : 2);
const ci = process.env.CI === 'true' ? ['--ci'] : [];

const running = new Set();
// The build takes an AbortSignal instead of a process group.
const stopBuild = new AbortController();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    stopBuild.abort();
    // Whole groups: the test suites start services of their own.
    for (const child of running) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
  });
}

const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/**
 * Runs one command in a process group of its own, so that an interruption stops all it started.
 * A quiet step keeps its output and prints it only if it fails: steps running side by side do not
 * mix their lines.
 */
function step(title, command, args, { env = process.env, quiet = false } = {}) {
  if (interrupted) return Promise.reject(new Error('Interrupted'));
  if (!quiet) console.log(`\n▶ ${title}`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const stdio = quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(command, args, { cwd: root, stdio, env, detached: true });
    running.add(child);
    let output = '';
    if (quiet)
      for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      if (code !== 0) {
        if (quiet) console.log(`\n▶ ${title}\n${output}`);
        return reject(new Error(interrupted ? 'Interrupted' : `${title} failed`));
      }
      console.log(`✔ ${title} (${seconds(started)})`);
      resolve();
    });
  });
}

/**
 * Lint, the type-checks, the format check and the build need nothing of one another: side by side
 * they keep both cores of a small CI machine busy, where one after the other mostly used one.
 */
async function checksAndBuild() {
  console.log('\n▶ Lint, type-checks, format check and build, side by side');
  const started = Date.now();
  const results = await Promise.allSettled([
    step('Lint', 'eslint', ['.', '--max-warnings', '0'], { quiet: true }),
    step('Type-check', 'tsc', ['-p', 'tsconfig.json', '--noEmit'], { quiet: true }),
    step('Type-check the web app', 'tsc', ['-p', 'web/tsconfig.json'], { quiet: true }),
    step('Format', 'prettier', ['--check', '.', '--log-level', 'warn'], { quiet: true }),
    build(stopBuild.signal).then(() => console.log(`✔ Build (${seconds(started)})`)),
  ]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  console.log(`✔ Lint, type-checks, format check and build (${seconds(started)})`);
}

const totals = { passed: 0, failed: 0 };

/**
 * Two workers on a small CI machine's two cores (Jest would take one): the unit and web tests take
 * a third less time with two. The integration files start whole systems (a dozen processes each,
 * three carrier sandboxes): with three workers the load reached 15–20 on two cores and services
 * missed their readiness deadline, so two there too; browser files mostly wait on pages, so three.
 */
const JEST_WORKERS = { unit: 2, web: 2, integration: 2, browser: 3 };

/**
 * Runs one Jest project and adds its counts to the totals printed at the end: the files given, or
 * what `npm test -- ...` asked for.
 */
async function jest(title, project, env, extra = [], files = []) {
  const report = reportPath(project);
  mkdirSync(join(root, '.local'), { recursive: true });
  rmSync(report, { force: true });
  try {
    const args = [
      '--selectProjects',
      project,
      `--maxWorkers=${JEST_WORKERS[project]}`,
      ...extra,
      '--json',
      `--outputFile=${report}`,
      ...ci,
    ];
    await step(title, 'jest', [...args, ...(files.length ? files : jestArgs)], { env });
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
    try {
      await jest(title, project, env, extra);
    } finally {
      printSlowestFiles(project);
    }
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

/** The slowest files of a Jest run, from its report: where the time of the integration step goes. */
function printSlowestFiles(project, count = 10) {
  if (!existsSync(reportPath(project))) return;
  const { testResults } = JSON.parse(readFileSync(reportPath(project), 'utf8'));
  const slowest = testResults
    .map((result) => ({
      file: relative(root, result.name),
      seconds: (result.endTime - result.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
  if (slowest.length === 0) return;
  console.log(`\nSlowest ${project} files:`);
  for (const { file, seconds } of slowest) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
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

/**
 * The tests' PostgreSQL and Redis: TEST_DATABASE_URL and TEST_REDIS_URL when set; otherwise servers
 * of the run's own, whatever else answers on the machine: an embedded PostgreSQL asking for a
 * password, and a Redis with the services' users and `default` off (the harness signs in as an
 * administrator and runs each service as its own user, libs/testing/src/service-redis-users.ts).
 */
async function testPostgres() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  return ensurePostgres('postgres://postgres:postgres@127.0.0.1:54329/postgres');
}

async function testRedis() {
  if (process.env.TEST_REDIS_URL) return { url: process.env.TEST_REDIS_URL, stop: async () => {} };
  await ensureRedisServerInstalled();
  const port = await freeLoopbackPort(63799);
  const dir = join(root, '.local', `test-redis-${port}`);
  rmSync(dir, { recursive: true, force: true });
  const secret = randomBytes(24).toString('hex');
  const redis = await startOwnRedis({
    port,
    dir,
    adminPassword: secret,
    passwordOf: (name) => `${secret}-${name}`,
  });
  return { url: redis.adminUrl, stop: redis.stop };
}

async function main() {
  const stops = [];
  try {
    await checksAndBuild();
    await jest('Unit tests', 'unit', process.env);
    await jest('Web component tests', 'web', process.env);

    const postgres = await testPostgres();
    stops.push(postgres.stop);
    const redis = await testRedis();
    stops.push(redis.stop);

    const services = { ...process.env, TEST_DATABASE_URL: postgres.url, TEST_REDIS_URL: redis.url };
    await jestWithSecondChance('Integration tests', 'integration', services);
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
