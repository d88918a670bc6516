// Entry of `npm start` and `npm test` on any Node.js from 18 with nothing installed yet: installs
// the dependencies when they are missing or stale, then hands over to the project's own Node 24.
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, statSync } = require('node:fs');
const { join, delimiter } = require('node:path');

const root = join(__dirname, '..', '..');
const command = process.argv[2];
if (!['start', 'test'].includes(command)) {
  console.error('usage: node deploy/local/bootstrap.cjs start|test');
  process.exit(2);
}

function dependenciesStale() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  const node24 = join(root, 'node_modules', '.bin', 'node');
  if (!existsSync(installed) || !existsSync(node24)) return true;
  return statSync(join(root, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs;
}

if (dependenciesStale()) {
  // `npm install`, not `npm ci`: the lock file lacks the other platforms' optional binaries (the
  // registry this project is built against does not serve them), which `npm ci` takes for a stale lock.
  console.log('Installing dependencies (npm install)…');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const bin = join(root, 'node_modules', '.bin');
const child = spawn(join(bin, 'node'), [join(__dirname, `${command}.cjs`), ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
