// `npm start` as a developer meets it: every server on the loopback, the banner once everything
// answers, and Ctrl-C stopping everything within 5 s without killing anything by force. It runs on
// ports of its own (PORT_OFFSET) beside any other npm start or test, with a Redis it starts itself
// and a PostgreSQL database and role of its own (a role that may not create roles, so that the
// services' shared roles on this server are left as they are).
import { freePort, testPostgresServer } from '@tawsil/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

const root = join(__dirname, '../..');
const tag = randomBytes(4).toString('hex');
const MARKER = 'TAWSIL_START_TEST';
const marker = `${MARKER}=${tag}`;
// The defaults npm start moves by PORT_OFFSET: gateway, health, metrics, the workers' health and
// metrics, sandboxes, SMTP.
const DEFAULT_PORTS = [
  3000, 3101, 3102, 3103, 3104, 9400, 9401, 9402, 9403, 9404, 3201, 3202, 3203, 3204, 9411, 9412, 9413, 9414,
  4010, 4020, 4030, 4040, 1025,
];

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

// The moved ports stay between 11025 and 19999: below the ports freePort hands out to other test
// files (20000–32000) and below Linux's ephemeral range (32768–60999), where the client side of any
// connection on the machine could take one of them between this check and the sandbox's bind.
const OFFSETS = { first: 10_000, count: 586 };

async function freeOffset(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const offset = OFFSETS.first + Math.floor(Math.random() * OFFSETS.count);
    const free = await Promise.all(DEFAULT_PORTS.map((port) => portIsFree(port + offset)));
    if (free.every(Boolean)) return offset;
  }
  throw new Error('No free range of ports for npm start');
}

/** The processes this test's npm start runs: each inherits the marker in its environment. */
function markedProcesses(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const refused = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('timeout', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(true));
  });

const nonLoopbackAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

describe('npm start in a terminal', () => {
  const database = `tstart_${tag}`;
  const password = randomBytes(12).toString('hex');
  let admin: Client;
  let redisPort: number;
  let offset: number;
  let supervisor: ChildProcess;
  let output = '';

  beforeAll(async () => {
    admin = new Client({ connectionString: await testPostgresServer() });
    await admin.connect();
    await admin.query(`create role ${database} login password '${password}'`);
    await admin.query(`create database ${database} owner ${database}`);
    redisPort = await freePort();
    offset = await freeOffset();
  });

  afterAll(async () => {
    for (const pid of markedProcesses()) process.kill(pid, 'SIGKILL');
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`drop role if exists ${database}`);
    await admin.end();
    rmSync(join(root, '.local', `redis-${redisPort}`), { recursive: true, force: true });
  });

  it('prints the banner once everything answers, on the loopback only, and stops within 5 s on Ctrl-C', async () => {
    const databaseUrl = new URL(await testPostgresServer());
    databaseUrl.username = database;
    databaseUrl.password = password;
    databaseUrl.pathname = `/${database}`;
    supervisor = spawn(process.execPath, ['deploy/local/bootstrap.cjs', 'start', '--no-build'], {
      cwd: root,
      env: {
        ...process.env,
        [MARKER]: tag,
        PORT_OFFSET: String(offset),
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own, as a terminal's foreground job: Ctrl-C signals the whole group.
      detached: true,
    });
    supervisor.stdout!.on('data', (chunk) => (output += chunk));
    supervisor.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => supervisor.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + 50_000;
    while (!output.includes('Tawsil is running') && Date.now() < deadline && supervisor.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(output).toContain('Tawsil is running');
    expect(output).toContain(`http://localhost:${3000 + offset}`);

    const gateway = 3000 + offset;
    const ready = await fetch(`http://127.0.0.1:${gateway}/health/ready`);
    expect(ready.status).toBe(200);
    // Each service's queue processors run in a worker process of its own, with its own health port.
    for (const port of [3201, 3202, 3203, 3204])
      expect((await fetch(`http://127.0.0.1:${port + offset}/health/ready`)).status).toBe(200);
    expect(output).toContain('delivery-zr worker ready');
    const outside = nonLoopbackAddress();
    if (outside) {
      // The gateway, a service's health port and a sandbox answer on the loopback only.
      for (const port of [gateway, 3101 + offset, 3204 + offset, 9400 + offset, 4020 + offset, 4040 + offset])
        expect(await refused(outside, port)).toBe(true);
    }
    // The supervisor, five services, four workers, four sandboxes, and Redis.
    expect(markedProcesses().length).toBeGreaterThanOrEqual(15);

    const interrupted = Date.now();
    process.kill(-supervisor.pid!, 'SIGINT');
    const code = await exited;
    const stopMs = Date.now() - interrupted;

    expect(output).not.toMatch(/SIGKILL/);
    expect(stopMs).toBeLessThan(5000);
    expect(code).toBe(130);
    expect(markedProcesses()).toEqual([]);
  }, 70_000);
});
