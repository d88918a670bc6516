// How every bench runs: bounded in time, exit 0 when it finished, 1 when it failed (a check that
// did not hold included), 2 when it ran out of time.
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const RESULTS = join(__dirname, '..', 'results');

function runBench(main, maxSeconds) {
  const guard = setTimeout(() => {
    console.error(`Stopped after ${maxSeconds} s`);
    process.exit(2);
  }, maxSeconds * 1000);
  guard.unref();
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/** Writes bench/results/<name>.json (gitignored). */
function writeResult(name, result) {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, `${name}.json`), JSON.stringify(result, null, 2));
}

module.exports = { runBench, writeResult };
