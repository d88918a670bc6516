import { randomBytes } from 'node:crypto';
import { freePort } from './free-port';
import { generateJwtKeys, type JwtKeyPair } from './jwt-keys';
import { mailbox, waitForMail, type SandboxMail } from './mail-sandbox';
import { generateRpcKeys, rpcEnv } from './rpc-keys';
import {
  migrate,
  serviceOf,
  ServiceProcess,
  workerOf,
  type DatabaseService,
  type ServiceKey,
} from './service-process';
import { serviceRedisUrl } from './service-redis-users';
import { createMigratedDatabase, createTestDatabase, type TestDatabase } from './test-postgres';
import { createTestRedis, type TestRedis } from './test-redis';

export const YOUCAN_SANDBOX_CLIENT = { id: 'tawsil-test', secret: 'tawsil-test-client-secret' };

export interface TestSystemOptions {
  /** Services to run besides the gateway (default: all four). */
  services?: DatabaseService[];
  /** Run the YouCan sandbox and point stores/youcan at it. */
  youcanSandbox?: boolean;
  /** Run the ZR Express sandbox and point delivery/zr at it. */
  zrSandbox?: boolean;
  /** Run the Yalidine sandbox and point delivery/zr at it. */
  yalidineSandbox?: boolean;
  /**
   * Run each service's queue processors in a worker process of its own (worker.ts), as deployed;
   * by default main.ts runs them too (RUN_WORKERS=true), so an instance is one process.
   */
  separateWorkers?: boolean;
  /** Extra environment for every process (e.g. RPC_TIMEOUT_MS, LOG_LEVEL). */
  env?: Record<string, string>;
  /**
   * Route the services' PostgreSQL or Redis connections elsewhere, e.g. through a TcpProxy or as a
   * user of their own. redisUrlFor is given the service's own Redis URL (its ACL user).
   */
  databaseUrlFor?: (url: string, service: ServiceKey) => string;
  redisUrlFor?: (url: string, service: ServiceKey) => string;
  /** Prepares the new database before the migrations run (e.g. creates the services' roles). */
  beforeMigrate?: (database: TestDatabase) => Promise<void>;
  /** The URL each service's migrations run with (default: the test database's, a superuser's). */
  migrationUrlFor?: (url: string, service: DatabaseService) => string;
}

/** What a shared system may differ by; files that need more start a system of their own. */
export type SharedSystemOptions = Pick<
  TestSystemOptions,
  'services' | 'youcanSandbox' | 'zrSandbox' | 'yalidineSandbox' | 'env'
>;

/** The global through which the integration tests' environment hands out shared systems. */
export const SHARED_SYSTEM_GLOBAL = '__tawsilSharedSystem';

/**
 * The real system for one test file: its own database and Redis database, migrations applied,
 * the services and the gateway running as processes, reachable over HTTP.
 */
export class TestSystem {
  readonly processes: ServiceProcess[] = [];
  gatewayUrl = '';
  youcanSandboxUrl = '';
  zrSandboxUrl = '';
  yalidineSandboxUrl = '';
  /** The mail sandbox's inbox API; identity sends its e-mails to its SMTP port. */
  mailSandboxUrl = '';
  private smtpPort = 0;
  /** Seals store tokens and store-link PKCE verifiers, as ENCRYPTION_KEY does in production. */
  readonly encryptionKey = randomBytes(32).toString('base64');
  /** The keys that sign RPC requests and seal their secret fields (docs/rpc-transport.md). */
  readonly rpcKeys = generateRpcKeys();
  private gatewayPort = 0;

  private constructor(
    readonly database: TestDatabase,
    readonly redis: TestRedis,
    readonly keys: JwtKeyPair,
    private readonly options: TestSystemOptions,
  ) {}

  /**
   * A system shared with the other files of this Jest worker that ask for the same options,
   * stopped when the worker ends. For files that leave the system as they found it: no process
   * stopped, killed or added, no connection routed elsewhere; their users and stores are their own,
   * so what they see of the others' does not matter to them.
   */
  static shared(options: SharedSystemOptions = {}): Promise<TestSystem> {
    const shared = (globalThis as Record<string, unknown>)[SHARED_SYSTEM_GLOBAL] as
      ((options: SharedSystemOptions) => Promise<TestSystem>) | undefined;
    if (!shared)
      throw new Error(
        'TestSystem.shared needs the integration tests environment (shared-system-environment.ts)',
      );
    return shared(options);
  }

  static async start(options: TestSystemOptions = {}): Promise<TestSystem> {
    // A file that prepares the database or migrates as other roles runs the migrations itself.
    const migratesItself = !!(options.beforeMigrate || options.migrationUrlFor);
    const [database, redis] = await Promise.all([
      migratesItself ? createTestDatabase() : createMigratedDatabase(),
      createTestRedis(),
    ]);
    const system = new TestSystem(database, redis, generateJwtKeys(), options);
    try {
      // The gateway's address is known first: stores/youcan gives it to YouCan for callbacks.
      system.gatewayPort = await freePort();
      system.gatewayUrl = `http://127.0.0.1:${system.gatewayPort}`;
      const services = options.services ?? ['identity', 'orders', 'stores-youcan', 'delivery-zr'];
      if (services.includes('identity')) system.smtpPort = await freePort();
      // The services are given the sandboxes' addresses: the sandboxes start first, side by side.
      await Promise.all([
        options.youcanSandbox &&
          system.startService('sandbox-youcan').then((sandbox) => {
            system.youcanSandboxUrl = `http://127.0.0.1:${sandbox.httpPort}`;
          }),
        options.zrSandbox &&
          system.startService('sandbox-zr').then((sandbox) => {
            system.zrSandboxUrl = `http://127.0.0.1:${sandbox.httpPort}`;
          }),
        options.yalidineSandbox &&
          system.startService('sandbox-yalidine').then((sandbox) => {
            system.yalidineSandboxUrl = `http://127.0.0.1:${sandbox.httpPort}`;
          }),
        services.includes('identity') &&
          system.startService('sandbox-mail').then((sandbox) => {
            system.mailSandboxUrl = `http://127.0.0.1:${sandbox.httpPort}`;
          }),
      ]);
      if (migratesItself) {
        await options.beforeMigrate?.(database);
        const { migrationUrlFor } = options;
        await migrate(migrationUrlFor ? (service) => migrationUrlFor(database.url, service) : database.url);
      }
      // The gateway needs only Redis to be ready: it boots beside the services.
      await Promise.all([
        ...services.map((service) => system.startService(service)),
        system.startService('gateway'),
      ]);
      if (options.separateWorkers)
        await Promise.all(services.map((service) => system.startService(workerOf(service))));
      return system;
    } catch (error) {
      await system.stop();
      throw error;
    }
  }

  /** Starts one more instance of a service (a second replica, or a restart). */
  async startService(name: ServiceKey, extraEnv: Record<string, string> = {}): Promise<ServiceProcess> {
    const port =
      name === 'gateway' && !this.instances('gateway').length ? this.gatewayPort : await freePort();
    // A worker connects as its service: the same PostgreSQL role, Redis user and keys.
    const service = serviceOf(name);
    const databaseUrl = this.options.databaseUrlFor?.(this.database.url, service) ?? this.database.url;
    const ownRedisUrl = await serviceRedisUrl(this.redis.url, service);
    const redisUrl = this.options.redisUrlFor?.(ownRedisUrl, service) ?? ownRedisUrl;
    const env: Record<string, string> = {
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'debug',
      INSTANCE_NAME: `${name}-${port}`,
      // Two test files, or two instances of a service, never share a metrics port.
      METRICS_PORT: String(await freePort()),
      ...this.serviceEnv(service, port, databaseUrl),
      ...rpcEnv(this.rpcKeys, service),
      ...this.options.env,
      ...extraEnv,
    };
    const started = new ServiceProcess(name, env, port);
    this.processes.push(started);
    await started.start();
    return started;
  }

  private serviceEnv(name: ServiceKey, port: number, databaseUrl: string): Record<string, string> {
    const youcan = {
      YOUCAN_CLIENT_ID: YOUCAN_SANDBOX_CLIENT.id,
      YOUCAN_CLIENT_SECRET: YOUCAN_SANDBOX_CLIENT.secret,
    };
    switch (name) {
      case 'gateway':
        return {
          PORT: String(port),
          JWT_PUBLIC_KEY: this.keys.publicKey,
          AUTH_RATE_LIMIT_PER_MINUTE: '1000',
          // Bulk tests deliver thousands of webhooks a minute from one address to one store.
          WEBHOOK_STORE_LIMIT_PER_MINUTE: '1000000',
          WEBHOOK_ADDRESS_LIMIT_PER_MINUTE: '1000000',
          YOUCAN_CLIENT_SECRET: youcan.YOUCAN_CLIENT_SECRET,
        };
      case 'sandbox-youcan':
        return { SANDBOX_YOUCAN_PORT: String(port), ...youcan };
      case 'sandbox-zr':
        return { SANDBOX_ZR_PORT: String(port) };
      case 'sandbox-yalidine':
        return { SANDBOX_YALIDINE_PORT: String(port) };
      case 'sandbox-mail':
        return { SANDBOX_MAIL_PORT: String(port), SANDBOX_SMTP_PORT: String(this.smtpPort) };
      default:
        return {
          DATABASE_URL: databaseUrl,
          HEALTH_PORT: String(port),
          RUN_WORKERS: String(!this.options.separateWorkers),
          ...(name === 'identity'
            ? {
                JWT_PRIVATE_KEY: this.keys.privateKey,
                // Without the sandbox, no mail leaves a test.
                SMTP_URL: `smtp://127.0.0.1:${this.smtpPort || 9}`,
                APP_URL: this.gatewayUrl,
              }
            : {}),
          ...(name === 'stores-youcan'
            ? {
                ...youcan,
                PUBLIC_URL: this.gatewayUrl,
                ENCRYPTION_KEY: this.encryptionKey,
                // Without the sandbox, the real YouCan is never called from a test.
                YOUCAN_API_URL: this.youcanSandboxUrl || 'http://127.0.0.1:9',
                YOUCAN_AUTHORIZE_URL: `${this.youcanSandboxUrl || 'http://127.0.0.1:9'}/admin/oauth/authorize`,
              }
            : {}),
          ...(name === 'delivery-zr'
            ? {
                PUBLIC_URL: this.gatewayUrl,
                ENCRYPTION_KEY: this.encryptionKey,
                // Without the sandbox, the real ZR Express is never called from a test.
                ZR_API_URL: this.zrSandboxUrl ? `${this.zrSandboxUrl}/api_v1` : 'http://127.0.0.1:9',
                ZR_CURRENT_API_URL: this.zrSandboxUrl ? `${this.zrSandboxUrl}/api/v1` : 'http://127.0.0.1:9',
                YALIDINE_API_URL: this.yalidineSandboxUrl
                  ? `${this.yalidineSandboxUrl}/v1`
                  : 'http://127.0.0.1:9',
              }
            : {}),
        };
    }
  }

  /** The mails the sandbox caught for an address, newest first. */
  mailbox(to: string): Promise<SandboxMail[]> {
    return mailbox(this.mailSandboxUrl, to);
  }

  /** The newest mail to an address that matches, waiting for it to arrive. */
  waitForMail(
    to: string,
    matches?: (mail: SandboxMail) => boolean,
    timeoutMs?: number,
  ): Promise<SandboxMail> {
    return waitForMail(this.mailSandboxUrl, to, matches, timeoutMs);
  }

  instances(name: ServiceKey): ServiceProcess[] {
    return this.processes.filter((process) => process.name === name);
  }

  /** Calls the gateway: JSON in, status, headers and JSON body out. */
  async request(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${this.gatewayUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return {
      status: response.status,
      headers: response.headers,
      body: json as Record<string, unknown> & unknown[],
    };
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((process) => process.stop()));
    await this.redis.release();
    await this.database.drop();
  }
}
