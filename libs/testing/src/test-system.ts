import { freePort } from './free-port';
import { generateJwtKeys, type JwtKeyPair } from './jwt-keys';
import { migrate, ServiceProcess, type ServiceKey } from './service-process';
import { createTestDatabase, type TestDatabase } from './test-postgres';
import { createTestRedis, type TestRedis } from './test-redis';

export interface TestSystemOptions {
  /** Services to run besides the gateway (default: all four). */
  services?: Exclude<ServiceKey, 'gateway'>[];
  /** Extra environment for every process (e.g. RPC_TIMEOUT_MS, LOG_LEVEL). */
  env?: Record<string, string>;
  /** Route the services' PostgreSQL or Redis connections elsewhere, e.g. through a TcpProxy. */
  databaseUrlFor?: (url: string) => string;
  redisUrlFor?: (url: string) => string;
}

/**
 * The real system for one test file: its own database and Redis database, migrations applied,
 * the services and the gateway running as processes, reachable over HTTP.
 */
export class TestSystem {
  readonly processes: ServiceProcess[] = [];
  gatewayUrl = '';

  private constructor(
    readonly database: TestDatabase,
    readonly redis: TestRedis,
    readonly keys: JwtKeyPair,
    private readonly options: TestSystemOptions,
  ) {}

  static async start(options: TestSystemOptions = {}): Promise<TestSystem> {
    const [database, redis] = await Promise.all([createTestDatabase(), createTestRedis()]);
    const system = new TestSystem(database, redis, generateJwtKeys(), options);
    try {
      await migrate(database.url);
      const services = options.services ?? ['identity', 'orders', 'stores-youcan', 'delivery-zr'];
      await Promise.all(services.map((service) => system.startService(service)));
      const gateway = await system.startService('gateway');
      system.gatewayUrl = `http://127.0.0.1:${gateway.httpPort}`;
      return system;
    } catch (error) {
      await system.stop();
      throw error;
    }
  }

  /** Starts one more instance of a service (a second replica, or a restart). */
  async startService(name: ServiceKey, extraEnv: Record<string, string> = {}): Promise<ServiceProcess> {
    const port = await freePort();
    const databaseUrl = this.options.databaseUrlFor?.(this.database.url) ?? this.database.url;
    const redisUrl = this.options.redisUrlFor?.(this.redis.url) ?? this.redis.url;
    const env: Record<string, string> = {
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'debug',
      INSTANCE_NAME: `${name}-${port}`,
      ...(name === 'gateway'
        ? { PORT: String(port), JWT_PUBLIC_KEY: this.keys.publicKey, AUTH_RATE_LIMIT_PER_MINUTE: '1000' }
        : { DATABASE_URL: databaseUrl, HEALTH_PORT: String(port) }),
      ...(name === 'identity' ? { JWT_PRIVATE_KEY: this.keys.privateKey } : {}),
      ...this.options.env,
      ...extraEnv,
    };
    const service = new ServiceProcess(name, env, port);
    this.processes.push(service);
    await service.start();
    return service;
  }

  instances(name: ServiceKey): ServiceProcess[] {
    return this.processes.filter((process) => process.name === name);
  }

  /** Calls the gateway: JSON in, status, headers and JSON body out. */
  async request(method: string, path: string, body?: unknown, token?: string) {
    const response = await fetch(`${this.gatewayUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
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
