import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

export const REPO_ROOT = resolve(__dirname, '../../..');

/**
 * Node's on-disk cache of compiled code, kept by the content of each file: the tests start a
 * hundred processes of the same built code, each spending a fifth less compiling it.
 */
const nodeEnv = () => ({
  PATH: process.env.PATH ?? '',
  NODE_COMPILE_CACHE: resolve(REPO_ROOT, '.local/node-compile-cache'),
});

/** The built entry points, as `npm start` and the images run them. */
export const SERVICE_ENTRIES = {
  gateway: 'services/gateway/dist/main.js',
  identity: 'services/identity/dist/src/main.js',
  orders: 'services/orders/dist/src/main.js',
  'stores-youcan': 'services/stores/youcan/dist/src/main.js',
  'delivery-zr': 'services/delivery/zr/dist/src/main.js',
  'sandbox-youcan': 'services/sandbox/youcan/dist/main.js',
  'sandbox-zr': 'services/sandbox/zr/dist/main.js',
  'sandbox-mail': 'services/sandbox/mail/dist/main.js',
  'sandbox-yalidine': 'services/sandbox/yalidine/dist/main.js',
  // The same services in their worker role: their queue processors, without RPC.
  'identity-worker': 'services/identity/dist/src/worker.js',
  'orders-worker': 'services/orders/dist/src/worker.js',
  'stores-youcan-worker': 'services/stores/youcan/dist/src/worker.js',
  'delivery-zr-worker': 'services/delivery/zr/dist/src/worker.js',
} as const;

/** Each service's migration step, in the order the start scripts run them. */
export const MIGRATION_ENTRIES = {
  identity: 'services/identity/dist/src/migrate.js',
  orders: 'services/orders/dist/src/migrate.js',
  'stores-youcan': 'services/stores/youcan/dist/src/migrate.js',
  'delivery-zr': 'services/delivery/zr/dist/src/migrate.js',
} as const;

export type ServiceKey = keyof typeof SERVICE_ENTRIES;
export type DatabaseService = keyof typeof MIGRATION_ENTRIES;
export type WorkerKey = `${DatabaseService}-worker`;

/** The worker process of a service. */
export const workerOf = (service: DatabaseService): WorkerKey => `${service}-worker`;

/** The service a process belongs to: a worker's service, else the process itself. */
export const serviceOf = (name: ServiceKey): ServiceKey =>
  name.endsWith('-worker') ? (name.slice(0, -'-worker'.length) as ServiceKey) : name;

export interface LogLine {
  level?: number;
  msg?: string;
  requestId?: string;
  instance?: string;
  [key: string]: unknown;
}

/** One running service process: its JSON log lines, its health port, and ways to stop it. */
export class ServiceProcess {
  readonly logs: LogLine[] = [];
  private child?: ChildProcess;

  constructor(
    readonly name: ServiceKey,
    private readonly env: Record<string, string>,
    readonly httpPort: number,
  ) {}

  /** Its internal listener: Prometheus metrics at /metrics, and the gateway's queue dashboard. */
  get metricsUrl(): string {
    return `http://127.0.0.1:${this.env.METRICS_PORT}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [SERVICE_ENTRIES[this.name]], {
      cwd: REPO_ROOT,
      env: { ...nodeEnv(), ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => this.logs.push(parse(line)));
    }
    // A whole-system test starts a dozen processes at once; on a loaded two-core CI machine a
    // service can take more than 30 s to load its code (the hooks allow 60 s in all).
    await this.waitReady(45_000);
  }

  /** Polls /health/ready until it answers 200, or fails with the last log lines. */
  async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child?.exitCode !== null && this.child?.exitCode !== undefined) break;
      try {
        const response = await fetch(`http://127.0.0.1:${this.httpPort}/health/ready`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    const tail = this.logs
      .slice(-15)
      .map((line) => JSON.stringify(line))
      .join('\n');
    throw new Error(`${this.name} did not become ready:\n${tail}`);
  }

  /** Graceful stop, as an orchestrator does: SIGTERM, then wait for the exit. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  /** Sudden death: no chance to finish or hand back anything. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /**
   * Lets the test process end while this one still runs, as a shared system's processes outlive
   * the files that use them; whoever holds it still stops it.
   */
  unref(): void {
    this.child?.unref();
    for (const stream of [this.child?.stdout, this.child?.stderr])
      (stream as Socket | null | undefined)?.unref();
  }

  /** Freezes the process: it holds what it has taken and answers nothing, like a hung instance. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** The operating system's id of the process while it runs (to read its CPU time, say). */
  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** How the process ended, by its own exit code or by a signal; undefined while it runs. */
  get exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined {
    if (!this.child || this.running) return undefined;
    return { code: this.child.exitCode, signal: this.child.signalCode };
  }

  /** Log lines whose message contains the text. */
  linesWith(text: string): LogLine[] {
    return this.logs.filter((line) => typeof line.msg === 'string' && line.msg.includes(text));
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = once(child, 'exit');
    // Waited for, an unreferenced process holds the test process again until it is gone.
    child.ref();
    child.kill('SIGCONT');
    child.kill(signal);
    await Promise.race([exited, sleep(15_000, undefined, { ref: false }).then(() => child.kill('SIGKILL'))]);
  }
}

function parse(line: string): LogLine {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null ? (parsed as LogLine) : { msg: line };
  } catch {
    return { msg: line };
  }
}

/**
 * Applies every service's migrations to the database, as the start scripts do before the services;
 * databaseUrl may differ per service (each service's own role).
 */
export async function migrate(databaseUrl: string | ((service: DatabaseService) => string)): Promise<void> {
  for (const [service, entry] of Object.entries(MIGRATION_ENTRIES) as [DatabaseService, string][]) {
    const child = spawn(process.execPath, [entry], {
      cwd: REPO_ROOT,
      env: {
        ...nodeEnv(),
        DATABASE_URL: typeof databaseUrl === 'string' ? databaseUrl : databaseUrl(service),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`${entry} failed (${code}): ${stderr}`);
  }
}
