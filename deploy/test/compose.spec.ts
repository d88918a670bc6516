import { describeConfig } from '@tawsil/config';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DeliveryZrConfig } from '../../services/delivery/zr/src/config/delivery-zr.config';
import { GatewayConfig } from '../../services/gateway/src/config/gateway.config';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import { OrdersConfig } from '../../services/orders/src/config/orders.config';
import { StoresYoucanConfig } from '../../services/stores/youcan/src/config/stores-youcan.config';

const root = join(__dirname, '../..');

interface ComposeService {
  build?: { dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  restart?: string;
  command?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: unknown;
}

const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const dockerfile = readFileSync(join(root, 'deploy/docker/Dockerfile'), 'utf8');

const SERVICES = {
  gateway: GatewayConfig,
  identity: IdentityConfig,
  orders: OrdersConfig,
  'stores-youcan': StoresYoucanConfig,
  'delivery-zr': DeliveryZrConfig,
} as const;
const WITH_DATABASE = ['identity', 'orders', 'stores-youcan', 'delivery-zr'];

describe('docker-compose.yml', () => {
  it.each(Object.entries(SERVICES))('sets every variable %s requires', (name, config) => {
    const environment = compose.services[name].environment ?? {};
    const required = describeConfig(config).filter((variable) => variable.required);
    expect(required.length).toBeGreaterThan(0);
    for (const variable of required)
      expect({ variable: variable.name, set: !!environment[variable.name] }).toEqual({
        variable: variable.name,
        set: true,
      });
  });

  it.each(Object.entries(SERVICES))('writes no secret of %s in the file', (name, config) => {
    const environment = compose.services[name].environment ?? {};
    for (const variable of describeConfig(config).filter((v) => v.secret)) {
      const value = environment[variable.name];
      if (value === undefined) continue;
      // The secret part must come from the environment: no password or key between the ${...}.
      expect({ variable: variable.name, value }).toEqual({
        variable: variable.name,
        value: expect.stringMatching(/\$\{\w+:\?/),
      });
      expect(value).not.toMatch(/-----BEGIN/);
    }
  });

  it.each(Object.keys(SERVICES))(
    'builds %s from the shared Dockerfile, from a path that exists, restarting it',
    (name) => {
      const service = compose.services[name];
      expect(service.build?.dockerfile).toBe('deploy/docker/Dockerfile');
      const path = service.build?.args?.SERVICE_PATH ?? '';
      expect(existsSync(join(root, path, 'package.json'))).toBe(true);
      const main = service.build?.args?.SERVICE_MAIN ?? 'dist/src/main.js';
      const source = main.replace(/^dist\//, name === 'gateway' ? 'src/' : '').replace(/\.js$/, '.ts');
      expect(existsSync(join(root, path, source))).toBe(true);
      expect(service.restart).toBe('unless-stopped');
    },
  );

  it.each(WITH_DATABASE)('starts %s only after its migrations completed', (name) => {
    const migration = compose.services[`migrate-${name}`];
    expect(migration.command).toEqual(['node', 'dist/src/migrate.js']);
    expect(migration.build?.args?.SERVICE_PATH).toBe(compose.services[name].build?.args?.SERVICE_PATH);
    expect(compose.services[name].depends_on?.[`migrate-${name}`]).toEqual({
      condition: 'service_completed_successfully',
    });
    expect(migration.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
  });

  it('health-checks every service: PostgreSQL and Redis in compose, the services in the image', () => {
    expect(compose.services.postgres.healthcheck).toBeDefined();
    expect(compose.services.redis.healthcheck).toBeDefined();
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/health\/live/);
  });

  it('runs Redis with the append-only file and no eviction, as BullMQ needs', () => {
    const command = compose.services.redis.command?.join(' ') ?? '';
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
  });

  it('runs the images as a non-root user on Node 24', () => {
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile.match(/^FROM node:(\d+)/gm)?.every((line) => line.endsWith('24'))).toBe(true);
  });
});

describe('.env.example', () => {
  const example = readFileSync(join(root, '.env.example'), 'utf8');

  it('lists every variable a service reads', () => {
    const variables = new Set(
      Object.values(SERVICES).flatMap((config) => describeConfig(config).map((v) => v.name)),
    );
    const missing = [...variables].filter((name) => !new RegExp(`^${name}=`, 'm').test(example));
    expect(missing).toEqual([]);
  });

  it('holds no secret value', () => {
    for (const name of ['JWT_PRIVATE_KEY', 'POSTGRES_PASSWORD'])
      expect(example).toMatch(new RegExp(`^${name}=$`, 'm'));
  });
});
