// `npm run audit:deps`: npm's advisories for what the product ships (`npm audit --omit=dev`).
// Fails on a high or critical advisory. A registry that does not answer the audit request (a
// mirror without the endpoint, no network) is reported and does not fail: there is nothing to judge.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const FAILING = ['high', 'critical'];

/** What to do with `npm audit --json`'s output: { ok, message }. */
function judgeAudit(output) {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    report = undefined;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const reason = report?.message || report?.error?.summary || 'no report';
    return { ok: true, message: `Dependency audit skipped: the registry did not answer it (${reason})` };
  }
  const failing = Object.values(report.vulnerabilities ?? {}).filter((entry) =>
    FAILING.includes(entry.severity),
  );
  const summary = Object.entries(counts)
    .filter(([severity, n]) => severity !== 'total' && n > 0)
    .map(([severity, n]) => `${n} ${severity}`)
    .join(', ');
  if (!failing.length)
    return {
      ok: true,
      message: `Dependency audit: no high or critical advisory${summary ? ` (${summary})` : ''}`,
    };
  const lines = failing.map((entry) => `  ${entry.severity}: ${entry.name} ${entry.range ?? ''}`.trimEnd());
  return {
    ok: false,
    message: [
      `Dependency audit failed: ${summary}`,
      ...lines,
      'Run `npm audit --omit=dev` for the details.',
    ].join('\n'),
  };
}

if (require.main === module) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['audit', '--omit=dev', '--json'], {
    cwd: join(__dirname, '..', '..'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 120_000,
  });
  const { ok, message } = judgeAudit(result.stdout ?? '');
  (ok ? console.log : console.error)(message);
  process.exit(ok ? 0 : 1);
}

module.exports = { judgeAudit };
