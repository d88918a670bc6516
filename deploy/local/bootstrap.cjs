// Entry of `npm start` and `npm test` on any Node.js from 18 with nothing installed yet: installs
// the dependencies when they are missing or stale, then hands over to the project's own Node 24.
// Node built-ins only: nothing else exists before the install.
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, statSync } = require('node:fs');
const { join, delimiter } = require('node:path');

const root = join(__dirname, '..', '..');
const command = process.argv[2];
if (!['start', 'test'].includes(command)) {
  console.error('usage: node deploy/local/bootstrap.cjs start|test [arguments…]');
  process.exit(2);
}

const bin = join(root, 'node_modules', '.bin');

/** Why the dependencies need installing, or null when they are up to date. */
function installReason() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed) || !existsSync(join(bin, 'node'))) return 'node_modules is missing';
  if (statSync(join(root, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs) {
    return 'package-lock.json changed since the last install';
  }
  return null;
}

const reason = installReason();
if (reason) {
  // `npm install`, not `npm ci`: the lock file lacks the other platforms' optional binaries (the
  // registry this project is built against does not serve them), which `npm ci` takes for a stale
  // lock ("Missing: @swc/core-darwin-arm64@ from lock file"). `npm install` honours the lock.
  console.log(`Installing dependencies with npm install (${reason})…`);
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status || 1);
}

// npm start's supervisor runs in a process group of its own: a Ctrl-C in the terminal reaches
// this process (and npm) only, and the supervisor, told here, stops the services before PostgreSQL
// and Redis. npm test's steps already run in groups of their own, which it stops itself.
const child = spawn(join(bin, 'node'), [join(__dirname, `${command}.cjs`), ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
  detached: command === 'start',
  env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`Could not run ${join(bin, 'node')}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
