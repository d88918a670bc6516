// `npm start` as a new machine meets it: nothing reused, it starts its own PostgreSQL (embedded)
// and its own Redis (the services' users, default off), every server on the loopback, the banner
// once everything answers with the demo made, the demo owner and agent signed in with both demo
// carriers, and Ctrl-C stopping everything within 5 s without killing anything by force. It runs
// on ports and data directories of its own (PORT_OFFSET) beside any other npm start or test.
import { DEMO_AGENT, DEMO_OWNER, DEMO_PASSWORD } from '../local/demo.cjs';
import { Redis } from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const tag = randomBytes(4).toString('hex');
const MARKER = 'TAWSIL_START_TEST';
const marker = `${MARKER}=${tag}`;
// The defaults npm start moves by PORT_OFFSET: gateway, health, metrics, the workers' health and
// metrics, sandboxes, SMTP, its Redis; and the port this test gives its PostgreSQL.
const DEFAULT_PORTS = [
  3000, 3101, 3102, 3103, 3104, 9400, 9401, 9402, 9403, 9404, 3201, 3202, 3203, 3204, 9411, 9412, 9413, 9414,
  4010, 4020, 4030, 4040, 1025, 6390, 5490,
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

const signIn = async (gateway: number, email: string) => {
  const answer = await fetch(`http://127.0.0.1:${gateway}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
};

describe('npm start on a new machine', () => {
  let offset: number;
  let supervisor: ChildProcess;
  let output = '';

  beforeAll(async () => {
    offset = await freeOffset();
  });

  afterAll(async () => {
    for (const pid of markedProcesses()) process.kill(pid, 'SIGKILL');
    for (const dir of [`redis-${6390 + offset}`, `postgres-${5490 + offset}`])
      rmSync(join(root, '.local', dir), { recursive: true, force: true });
  });

  it('starts its own PostgreSQL and Redis, makes the demo, and stops within 5 s on Ctrl-C', async () => {
    // A port of its own, where nothing answers: npm start runs an embedded PostgreSQL there.
    const databaseUrl = `postgres://postgres:${randomBytes(12).toString('hex')}@127.0.0.1:${5490 + offset}/tawsil`;
    supervisor = spawn(process.execPath, ['deploy/local/bootstrap.cjs', 'start', '--no-build'], {
      cwd: root,
      env: {
        ...process.env,
        [MARKER]: tag,
        PORT_OFFSET: String(offset),
        DATABASE_URL: databaseUrl,
        REDIS_URL: '',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own, as a terminal's foreground job: Ctrl-C signals the whole group.
      detached: true,
    });
    supervisor.stdout!.on('data', (chunk) => (output += chunk));
    supervisor.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => supervisor.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + 100_000;
    while (!output.includes('Tawsil is running') && Date.now() < deadline && supervisor.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(output).toContain('Tawsil is running');
    expect(output).toContain(`http://localhost:${3000 + offset}`);
    expect(output).toContain(DEMO_AGENT.email);
    expect(output).not.toContain('not made');

    // Its Redis lets nobody in without a user of its own.
    const anonymous = new Redis({
      port: 6390 + offset,
      lazyConnect: true,
      enableReadyCheck: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    anonymous.on('error', () => {});
    await anonymous.connect();
    await expect(anonymous.ping()).rejects.toThrow(/NOAUTH/);
    anonymous.disconnect();

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

    // The demo as a new user finds it: the owner with both carriers, the agent signed in.
    const accounts = await fetch(`http://127.0.0.1:${gateway}/api/delivery/account`, {
      headers: { authorization: `Bearer ${await signIn(gateway, DEMO_OWNER.email)}` },
    });
    expect(
      ((await accounts.json()) as { company: string }[]).map((account) => account.company).sort(),
    ).toEqual(['yalidine', 'zrexpress']);
    const me = await fetch(`http://127.0.0.1:${gateway}/api/users/me`, {
      headers: { authorization: `Bearer ${await signIn(gateway, DEMO_AGENT.email)}` },
    });
    expect(me.status).toBe(200);

    const interrupted = Date.now();
    process.kill(-supervisor.pid!, 'SIGINT');
    const code = await exited;
    const stopMs = Date.now() - interrupted;

    expect(output).not.toMatch(/SIGKILL/);
    expect(stopMs).toBeLessThan(5000);
    expect(code).toBe(130);
    expect(markedProcesses()).toEqual([]);
  }, 150_000);
});
