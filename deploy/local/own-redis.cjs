// A Redis of the project's own, shaped as production's (docs/least-privilege.md): its own port and
// data directory, the append-only file on, the service users of deploy/redis/users.acl loaded from
// an ACL file, `default` off, and one administrator user for whoever started it (npm start's own
// checks, the tests' harness). npm start and npm test run one of these instead of any Redis that
// already answers on the machine.
const { spawn } = require('node:child_process');
const { createHash } = require('node:crypto');
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { aclUsers } = require('../redis/acl.cjs');
const { ping } = require('./redis-ping.cjs');

const ADMIN_USER = 'tawsil-admin';
const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const running = (child) => child.exitCode === null && child.signalCode === null;

/** users.acl with each password as its SHA-256, plus the administrator: what Redis reads. */
function aclFileText(adminPassword, passwordOf) {
  const lines = aclUsers().map((user) => {
    const password = user.passwordVariable ? [`#${sha256(passwordOf(user.passwordVariable))}`] : [];
    return ['user', user.name, ...user.rules, ...password].join(' ');
  });
  lines.push(`user ${ADMIN_USER} on #${sha256(adminPassword)} ~* &* +@all`);
  return `${lines.join('\n')}\n`;
}

function urlOf(port, user, password) {
  const url = new URL(`redis://127.0.0.1:${port}`);
  url.username = user;
  url.password = password;
  return url.toString();
}

/**
 * Starts redis-server on the loopback at port, its data in dir. Answers the administrator's URL,
 * each service's URL (keyed gateway, identity, orders…) and stop().
 */
async function startOwnRedis({ port, dir, adminPassword, passwordOf }) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const aclFile = join(dir, 'users.acl');
  writeFileSync(aclFile, aclFileText(adminPassword, passwordOf), { mode: 0o600 });
  // -::1: the IPv6 loopback too, where there is one. No RDB snapshots: the append-only file keeps
  // the queues across a restart.
  const args = ['--port', String(port), '--bind', '127.0.0.1', '-::1', '--dir', dir, '--aclfile', aclFile];
  args.push('--appendonly', 'yes', '--save', '', '--maxmemory-policy', 'noeviction');
  console.log(`Starting redis-server on port ${port} (its own users, default off), data in ${dir}`);
  // detached: a Ctrl-C in the terminal must not stop Redis before the services have handed back
  // their jobs; the caller stops it last.
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.on('error', (error) => keep(String(error)));
  process.on('exit', () => running(child) && child.kill('SIGTERM'));

  const stop = async () => {
    if (!running(child)) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(10_000, false, { ref: false })]);
    if (!stopped) child.kill('SIGKILL');
  };

  const adminUrl = urlOf(port, ADMIN_USER, adminPassword);
  const deadline = Date.now() + 30_000;
  // PONG once the server is up and has read its ACL file.
  while ((await ping(adminUrl)) !== 'PONG') {
    if (!running(child) || Date.now() > deadline) {
      await stop();
      const why = running(child) ? `did not answer within 30 s` : 'exited';
      throw new Error(
        `redis-server on port ${port} ${why}${/in use/i.test(output) ? ' (the port is taken: set REDIS_URL or PORT_OFFSET)' : ''}:\n${output.trim()}`,
      );
    }
    await sleep(200);
  }
  const serviceUrls = {};
  for (const user of aclUsers().filter((candidate) => candidate.passwordVariable))
    serviceUrls[user.name.replace(/^tawsil-/, '')] = urlOf(
      port,
      user.name,
      passwordOf(user.passwordVariable),
    );
  return { adminUrl, serviceUrls, stop };
}

module.exports = { ADMIN_USER, startOwnRedis };
