// The Redis users (deploy/redis/users.acl) and PostgreSQL roles (deploy/postgres/roles.tsv) held to
// the code: each service's user allows exactly the queues and request streams its sources use, and
// docker-compose.yml gives each service the user and role meant for it.
import { REVOKED_SESSIONS_STREAM } from '@tawsil/contracts/identity';
import { ACCESS_CHANGES_STREAM } from '@tawsil/contracts/orders';
import * as queueContracts from '@tawsil/contracts/queues';
import { QueueName } from '@tawsil/contracts/queues';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as roles from '../postgres/roles.cjs';
import * as acl from '../redis/acl.cjs';
import {
  compose,
  composeService,
  DATABASE_SERVICES,
  envName,
  root,
  SERVICE_NAMES,
} from './deployed-services';

const SERVICE_PATHS: Record<string, string> = {
  gateway: 'services/gateway',
  identity: 'services/identity',
  orders: 'services/orders',
  'stores-youcan': 'services/stores/youcan',
  'delivery-zr': 'services/delivery/zr',
};
/** The streams one service announces on and every gateway follows (docs/least-privilege.md). */
const ANNOUNCEMENTS = [
  { stream: REVOKED_SESSIONS_STREAM, constant: 'REVOKED_SESSIONS_STREAM', writer: 'identity' },
  { stream: ACCESS_CHANGES_STREAM, constant: 'ACCESS_CHANGES_STREAM', writer: 'orders' },
];
/** The contracts' pattern tables, by the service that answers them. */
const PATTERN_TABLES: Record<string, string> = {
  IdentityPatterns: 'identity',
  OrdersPatterns: 'orders',
  StoresYoucanPatterns: 'stores-youcan',
  DeliveryZrPatterns: 'delivery-zr',
};

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name)
      ? [readFileSync(path, 'utf8')]
      : [];
  });
}
const codeOf = (service: string) => sources(join(root, SERVICE_PATHS[service], 'src'));

/** The queues a service's code produces to, consumes or shows (the gateway's dashboard: all). */
function queuesUsed(service: string): string[] {
  const code = codeOf(service).join('\n');
  if (/Object\.values\(QueueName\)/.test(code)) return Object.values(QueueName).sort();
  const members = new Set([...code.matchAll(/QueueName\.(\w+)/g)].map((match) => match[1]));
  const named = [...members].map((member) => QueueName[member as keyof typeof QueueName]);
  // Queues reached through their job map (ZR_SAISIE_JOBS and the like).
  const mapped = [...code.matchAll(/\b([A-Z_]+_JOBS)\b/g)].map(([, constant]) => jobMapQueue(constant));
  return [...new Set([...named, ...mapped])].sort();
}

function jobMapQueue(constant: string): string {
  const jobs: unknown = queueContracts[constant as keyof typeof queueContracts];
  if (!jobs || typeof jobs !== 'object' || !('queue' in jobs))
    throw new Error(`${constant} is not a job map`);
  return String(jobs.queue);
}

/** The services a service sends RPC requests to: the pattern tables its RpcCaller files use. */
function servicesCalled(service: string): string[] {
  const called = new Set<string>();
  for (const file of codeOf(service).filter((text) => /\bRpcCaller\b/.test(text))) {
    if (/\bPING_PATTERNS\b/.test(file))
      SERVICE_NAMES.filter((name) => name !== 'gateway').forEach((name) => called.add(name));
    for (const line of file.split('\n').filter((text) => !text.includes('@RpcHandler(')))
      for (const [, table] of line.matchAll(/\b(\w+Patterns)\./g))
        if (PATTERN_TABLES[table]) called.add(PATTERN_TABLES[table]);
  }
  called.delete(service);
  return [...called].sort();
}

/** What a users.acl user's selectors give: its queues, the streams it appends to, its own stream. */
function grants(user: acl.AclUser) {
  const selectors = user.rules.filter((rule) => rule.startsWith('('));
  return {
    queues: selectors
      .flatMap((selector) => [...selector.matchAll(/~tawsil:([\w-]+):\*/g)].map((match) => match[1]))
      .sort(),
    appends: selectors
      .map((selector) => /^\(%W~rpc:([\w-]+):requests \+xadd\)$/.exec(selector)?.[1])
      .filter((name) => name !== undefined)
      .sort(),
    owns: selectors
      .map((selector) => /^\(~rpc:([\w-]+):\* /.exec(selector)?.[1])
      .filter((name) => name !== undefined),
    channels: user.rules.filter((rule) => rule.startsWith('&')),
  };
}

const users = acl.aclUsers();
const userOf = (service: string) => {
  const found = users.find((user) => user.name === `tawsil-${service}`);
  if (!found) throw new Error(`deploy/redis/users.acl has no user tawsil-${service}`);
  return found;
};

describe('deploy/redis/users.acl', () => {
  it('turns the default user off and has one user per deployed service, and no other', () => {
    expect(users.find((user) => user.name === 'default')?.rules).toEqual(
      expect.arrayContaining(['off', '-@all', 'resetkeys', 'resetchannels']),
    );
    expect(
      users
        .filter((user) => user.name !== 'default')
        .map((user) => user.name)
        .sort(),
    ).toEqual(SERVICE_NAMES.map((name) => `tawsil-${name}`).sort());
  });

  it.each(SERVICE_NAMES)(
    'gives %s a password from its own variable, and nothing before its rules',
    (service) => {
      const user = userOf(service);
      expect(user.passwordVariable).toBe(`${envName(service)}_REDIS_PASSWORD`);
      expect(user.rules.slice(0, 5)).toEqual(['on', 'resetkeys', 'resetchannels', '-@all', '+ping']);
      // Subscribes only to its own reply channels, publishes answers on any caller's, and never
      // subscribes to a pattern (which would hear every answer).
      expect(grants(user).channels).toEqual([`&rpc:replies:${service}:*`]);
      expect(user.rules.filter((rule) => rule.includes('&'))).toEqual([
        `&rpc:replies:${service}:*`,
        '(&rpc:replies:* +publish)',
      ]);
      expect(user.rules.join(' ')).not.toMatch(/\+psubscribe|\+@pubsub/);
      expect(
        user.rules.filter((rule) => /^[~%]/.test(rule) || rule === 'allkeys' || rule === '+@all'),
      ).toEqual([]);
    },
  );

  it.each(SERVICE_NAMES)('allows %s exactly the BullMQ queues its code uses', (service) => {
    const used = queuesUsed(service);
    expect(used.length).toBeGreaterThan(0);
    expect(grants(userOf(service)).queues).toEqual(used);
  });

  it.each(SERVICE_NAMES)(
    'lets %s append to the request streams of the services it calls, and read only its own',
    (service) => {
      const { appends, owns } = grants(userOf(service));
      expect(appends).toEqual(servicesCalled(service));
      expect(owns).toEqual(service === 'gateway' ? [] : [service]);
    },
  );

  it.each(ANNOUNCEMENTS)(
    'lets only $writer append to $stream, and the gateway only read it',
    ({ stream, constant, writer }) => {
      const selectors = users.flatMap((user) =>
        user.rules
          .filter((rule) => rule.startsWith('(') && rule.includes(`~${stream} `))
          .map((rule) => `${user.name} ${rule}`),
      );
      expect(selectors.sort()).toEqual([
        `tawsil-gateway (%R~${stream} +xread)`,
        `tawsil-${writer} (%W~${stream} +xadd)`,
      ]);
      const using = SERVICE_NAMES.filter((service) =>
        codeOf(service).some((code) => code.includes(constant)),
      );
      expect(using.sort()).toEqual(['gateway', writer].sort());
    },
  );

  it('knows who calls whom (the checks above are not vacuous)', () => {
    expect(servicesCalled('gateway')).toEqual(['delivery-zr', 'identity', 'orders', 'stores-youcan']);
    expect(servicesCalled('delivery-zr')).toEqual(['orders']);
    expect(servicesCalled('identity')).toEqual(['stores-youcan']);
  });

  it('prints ACL SETUSER arguments that reset the user and carry only the SHA-256 of the password', () => {
    const args = acl.setUserArgs(userOf('orders'), { password: 'orders-secret' });
    expect(args.slice(0, 3)).toEqual(['tawsil-orders', 'reset', 'on']);
    expect(args.at(-1)).toMatch(/^#[0-9a-f]{64}$/);
    expect(args.join(' ')).not.toContain('orders-secret');
    expect(() => acl.setUserArgs(userOf('orders'))).toThrow(/No password/);
  });
});

describe('deploy/postgres', () => {
  it('has a role for each service with a database, named after it, with its own password variable', () => {
    expect(roles.databaseRoles()).toEqual(
      DATABASE_SERVICES.map((service) => ({
        service,
        role: `tawsil_${envName(service).toLowerCase()}`,
        schema: expect.any(String),
        passwordVariable: `${envName(service)}_DATABASE_PASSWORD`,
      })),
    );
  });

  it.each(roles.databaseRoles())(
    "gives $role the schema $service's MikroORM settings use",
    ({ service, schema }) => {
      const appModule = readFileSync(join(root, SERVICE_PATHS[service], 'src/app.module.ts'), 'utf8');
      expect(appModule).toContain(`schema: '${schema}'`);
    },
  );

  it('fills in every variable of role.sql, as literals and identifiers', () => {
    const statements = roles.statements({ role: 'tawsil_orders', schema: 'orders', password: "it's" });
    const text = statements.map((statement) => statement.sql).join('\n');
    expect(text).not.toMatch(/:['"]\w+['"]/);
    expect(text).toContain(`password 'it''s'`);
    expect(text).toContain('create schema if not exists "orders" authorization "tawsil_orders"');
    expect(statements.filter((statement) => statement.gexec).length).toBeGreaterThanOrEqual(5);
    expect(() => roles.statements({ role: 'tawsil_orders', schema: 'orders' })).toThrow(/password/);
  });
});

describe('docker-compose.yml', () => {
  const variable = (value: unknown) => /\$\{(\w+):\?/.exec(String(value))?.[1];
  const userInUrl = (value: unknown) =>
    decodeURIComponent(new URL(String(value).replace(/\$\{[^}]*\}/, 'x')).username);

  it.each(SERVICE_NAMES)('connects %s to Redis as its own user', (service) => {
    const { REDIS_URL } = composeService(service).environment ?? {};
    expect(userInUrl(REDIS_URL)).toBe(`tawsil-${service}`);
    expect(variable(REDIS_URL)).toBe(userOf(service).passwordVariable);
  });

  it('starts Redis with the users of users.acl and the password of each', () => {
    const redis = composeService('redis');
    expect(redis.entrypoint).toEqual(['sh', '/etc/tawsil/start-redis.sh']);
    expect(redis.volumes).toEqual(
      expect.arrayContaining([
        './deploy/redis/users.acl:/etc/tawsil/users.acl:ro',
        './deploy/redis/start-redis.sh:/etc/tawsil/start-redis.sh:ro',
      ]),
    );
    const passwords = users.map((user) => user.passwordVariable).filter(Boolean);
    expect(Object.keys(redis.environment ?? {}).sort()).toEqual([...passwords].sort());
    for (const [key, value] of Object.entries(redis.environment ?? {})) expect(variable(value)).toBe(key);
  });

  it.each(DATABASE_SERVICES)('connects %s and its migrations to PostgreSQL as its own role', (service) => {
    const role = roles.databaseRoles().find((entry) => entry.service === service)!;
    const url = composeService(service).environment?.DATABASE_URL;
    expect(userInUrl(url)).toBe(role.role);
    expect(variable(url)).toBe(role.passwordVariable);
    expect(composeService(`migrate-${service}`).environment?.DATABASE_URL).toBe(url);
    expect(composeService(`migrate-${service}`).depends_on?.['postgres-roles']).toEqual({
      condition: 'service_completed_successfully',
    });
  });

  it('creates the roles with create-roles.sh as the administrator, with the password of each', () => {
    const setup = composeService('postgres-roles');
    expect(setup.entrypoint).toEqual(['sh', '/etc/tawsil/postgres/create-roles.sh']);
    expect(setup.volumes).toEqual(['./deploy/postgres:/etc/tawsil/postgres:ro']);
    const environment = setup.environment ?? {};
    expect(variable(environment.PGPASSWORD)).toBe('POSTGRES_PASSWORD');
    expect(environment.PGUSER).toBe(composeService('postgres').environment?.POSTGRES_USER);
    for (const { passwordVariable } of roles.databaseRoles())
      expect(variable(environment[passwordVariable])).toBe(passwordVariable);
    expect(setup.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    expect(Object.keys(compose.services)).toContain('postgres-roles');
  });
});
