// Builds every project with Nx (cached), quietly unless it fails.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

function build() {
  const result = spawnSync('nx', ['run-many', '-t', 'build', '--outputStyle=static'], {
    cwd: join(__dirname, '..', '..'),
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error('The build failed');
  }
}

module.exports = { build };
