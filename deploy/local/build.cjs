// Builds every project with Nx (cached), quietly unless it fails; an aborted signal stops it.
const { spawn } = require('node:child_process');
const { join } = require('node:path');

function build(signal) {
  return new Promise((resolve, reject) => {
    const child = spawn('nx', ['run-many', '-t', 'build', '--outputStyle=static'], {
      cwd: join(__dirname, '..', '..'),
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => reject(signal?.aborted ? new Error('The build was stopped') : error));
    child.on('close', (code) => {
      if (code === 0) return resolve();
      if (signal?.aborted) return reject(new Error('The build was stopped'));
      process.stdout.write(output);
      reject(new Error('The build failed'));
    });
  });
}

module.exports = { build };
