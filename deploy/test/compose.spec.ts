// docker-compose.yml and deploy/docker/Dockerfile checked against the code they deploy: the
// services' config classes, their package.json files and the workspaces. No Docker engine needed.
import { describeConfig, loadConfig, MigrationConfig } from '@tawsil/config';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { GatewayConfig } from '../../services/gateway/src/config/gateway.config';
import { SandboxYoucanConfig } from '../../services/sandbox/youcan/src/config';
import { SandboxMailConfig } from '../../services/sandbox/mail/src/config';
import { SandboxYalidineConfig } from '../../services/sandbox/yalidine/src/config';
import { SandboxZrConfig } from '../../services/sandbox/zr/src/config';
import {
  compose,
  composeService as service,
  composeText,
  DATABASE_SERVICES,
  exampleEnv,
  read,
  root,
  SECRET_NAME,
  SERVICE_NAMES,
  SERVICES,
  WORKER_NAMES,
  type ConfigClass,
  type Env,
} from './deployed-services';

// ---- compose interpolation -------------------------------------------------------------------

const INTERPOLATION = /\$\$|\$\{(\w+)(?:(:?[-?+])([^}]*))?\}|\$(\w+)/g;

/** Compose's interpolation: $$, $NAME, ${NAME}, ${NAME:-default}, ${NAME:?error}, ${NAME:+other}. */
function interpolate(value: string, env: Env): string {
  return value.replace(
    INTERPOLATION,
    (match, braced?: string, operator?: string, argument = '', bare?: string) => {
      if (match === '$$') return '$';
      const name = (braced ?? bare) as string;
      const current = env[name];
      const unset = current === undefined || (operator?.startsWith(':') === true && current === '');
      switch (operator?.replace(':', '')) {
        case '-':
          return unset ? argument : (current as string);
        case '?':
          if (unset) throw new Error(`${name}: ${argument}`);
          return current as string;
        case '+':
          return unset ? '' : argument;
        default:
          return current ?? '';
      }
    },
  );
}

/** The interpolations of a value: the variable and how it treats an unset variable. */
function interpolations(value: string): { name: string; operator: string }[] {
  return [...value.matchAll(INTERPOLATION)]
    .filter(([match]) => match !== '$$')
    .map(([, braced, operator, , bare]) => ({ name: (braced ?? bare) as string, operator: operator ?? '' }));
}

/** A compose service's environment as its container gets it: the image's, then compose's, interpolated. */
function serviceEnv(name: string): Env {
  const { build, environment = {} } = service(name);
  const values = Object.entries(environment).map(([key, value]) => [
    key,
    interpolate(String(value), exampleEnv()),
  ]);
  return { ...imageEnv(build?.args ?? {}), ...Object.fromEntries(values) };
}

// ---- Dockerfile -------------------------------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

/** Stages and instructions, continuation lines joined and comments dropped. */
function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.endsWith('\\')) pending += `${line.slice(0, -1)} `;
    else {
      logical.push(pending + line);
      pending = '';
    }
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword, args] = /^(\w+)\s+([\s\S]*)$/.exec(line) ?? [];
    if (keyword === undefined) throw new Error(`Dockerfile line not understood: ${line}`);
    if (keyword.toUpperCase() === 'FROM') {
      const [from, as, name] = args.split(/\s+/);
      stages.push({
        name: as?.toUpperCase() === 'AS' ? name : String(stages.length),
        from,
        instructions: [],
      });
    } else if (stages.length > 0)
      stages[stages.length - 1].instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

const dockerfileText = read('deploy/docker/Dockerfile');
const stages = parseDockerfile(dockerfileText);
const stage = (name: string): Stage => {
  const found = stages.find((s) => s.name === name);
  if (!found) throw new Error(`the Dockerfile has no stage ${name}`);
  return found;
};
const runtime = stages[stages.length - 1];
const of = (s: Stage, keyword: string) => s.instructions.filter((i) => i.keyword === keyword);

/** COPY's sources and options: `COPY --from=x a b dest` -> { from: 'x', sources: ['a', 'b'] }. */
function copyParts(instruction: Instruction) {
  const words = instruction.args.split(/\s+/);
  const options = words.filter((w) => w.startsWith('--'));
  const paths = words.filter((w) => !w.startsWith('--'));
  const from = options.find((o) => o.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: paths.slice(0, -1), destination: paths[paths.length - 1] };
}

/** Build args the Dockerfile declares, with their defaults. */
const declaredArgs = new Map(
  stages
    .flatMap((s) => of(s, 'ARG'))
    .map((a) => {
      const [name, value] = a.args.split('=');
      return [name, value?.replace(/^"(.*)"$/, '$1')] as const;
    }),
);

/** Environment the runtime image sets for a build: its ENV lines with the build args filled in. */
function imageEnv(args: Record<string, string>): Env {
  const env: Env = {};
  const values = { ...Object.fromEntries(declaredArgs), ...args };
  for (const { args: line } of of(runtime, 'ENV'))
    for (const [, name, value] of line.matchAll(/(\w+)=(\S*)/g))
      env[name] = value.replace(/\$\{(\w+)\}/g, (_, arg: string) => values[arg] ?? '');
  return env;
}

// ---- .dockerignore ------------------------------------------------------------------------------

const ignorePatterns = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/^\//, '')
    .split(/(\*\*\/|\*\*|\*|\?)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body}(?:/.*)?$`);
}

/** Whether docker leaves a path (relative to the context) out of the build context. */
function ignored(path: string): boolean {
  let result = false;
  for (const pattern of ignorePatterns) {
    const negated = pattern.startsWith('!');
    if (globToRegExp(negated ? pattern.slice(1) : pattern).test(path)) result = !negated;
  }
  return result;
}

// ---- the repository -------------------------------------------------------------------------------

interface PackageJson {
  name: string;
  main?: string;
  files?: string[];
  workspaces?: string[];
  scripts?: Record<string, string>;
  nx?: { tags?: string[] };
}
const packageJson = (dir: string) => JSON.parse(read(join(dir, 'package.json'))) as PackageJson;

/** Folders of the npm workspaces, from the root package.json's patterns. */
function workspaceDirs(): string[] {
  return (packageJson('.').workspaces ?? [])
    .flatMap((pattern) => {
      if (!pattern.includes('*')) return [pattern];
      if (!/^[\w./-]+\/\*$/.test(pattern)) throw new Error(`workspace pattern not understood: ${pattern}`);
      const parent = pattern.slice(0, -2);
      return readdirSync(join(root, parent), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${parent}/${entry.name}`);
    })
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .sort();
}

/** The TypeScript source a built file comes from (swc keeps or strips the leading src/). */
function sourceOf(servicePath: string, builtFile: string): string {
  const inDist = builtFile.replace(/^dist\//, '').replace(/\.js$/, '.ts');
  return existsSync(join(root, servicePath, inDist))
    ? join(servicePath, inDist)
    : join(servicePath, 'src', inDist);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

// ---- the tests ---------------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  it('deploys every service of the repository, and only those (the sandboxes stay out)', () => {
    const deployable = workspaceDirs()
      .filter((dir) => dir.startsWith('services/'))
      .filter((dir) => {
        const tags = packageJson(dir).nx?.tags ?? [];
        return tags.includes('type:service') && !tags.includes('scope:sandbox');
      });
    expect(deployable.length).toBeGreaterThanOrEqual(5);
    const built = SERVICE_NAMES.map((name) => service(name).build?.args?.SERVICE_PATH).sort();
    expect(built).toEqual(deployable);
  });

  it.each(SERVICE_NAMES)('sets every variable that %s requires', (name) => {
    const environment = service(name).environment ?? {};
    const required = describeConfig(SERVICES[name]).filter((v) => v.required);
    expect(required.length).toBeGreaterThan(0);
    const missing = required.filter(
      (v) => typeof environment[v.name] !== 'string' || environment[v.name] === '',
    );
    expect(missing.map((v) => v.name)).toEqual([]);
  });

  it.each(SERVICE_NAMES)(
    'gives %s an environment its config class accepts, with .env.example and the secrets filled in',
    (name) => {
      const { build, environment = {} } = service(name);
      const values = Object.entries(environment).map(([key, value]) => {
        expect({ key, type: typeof value }).toEqual({ key, type: 'string' });
        return [key, interpolate(String(value), exampleEnv())];
      });
      const env = { ...imageEnv(build?.args ?? {}), ...Object.fromEntries(values) };
      expect(() => loadConfig(SERVICES[name], env)).not.toThrow();
      // Every variable set is one the service reads: a typo would be silently ignored.
      const known = new Set(describeConfig(SERVICES[name]).map((v) => v.name));
      expect(Object.keys(environment).filter((key) => !known.has(key))).toEqual([]);
    },
  );

  it('stops with a message when a secret is missing from the environment', () => {
    const withoutSecrets = {
      ...exampleEnv(),
      IDENTITY_DATABASE_PASSWORD: '',
      IDENTITY_REDIS_PASSWORD: undefined,
      JWT_PRIVATE_KEY: undefined,
    };
    expect(() => interpolate(String(service('identity').environment?.DATABASE_URL), withoutSecrets)).toThrow(
      /IDENTITY_DATABASE_PASSWORD/,
    );
    expect(() => interpolate(String(service('identity').environment?.REDIS_URL), withoutSecrets)).toThrow(
      /IDENTITY_REDIS_PASSWORD/,
    );
    expect(() =>
      interpolate(String(service('identity').environment?.JWT_PRIVATE_KEY), withoutSecrets),
    ).toThrow(/JWT_PRIVATE_KEY/);
  });

  it('writes no secret in the file: secrets come from the environment, with no default', () => {
    const secretsOf = (name: string): Set<string> => {
      const config = name.startsWith('migrate-') ? MigrationConfig : SERVICES[name];
      return new Set(
        config
          ? describeConfig(config)
              .filter((v) => v.secret)
              .map((v) => v.name)
          : [],
      );
    };
    const checked: string[] = [];
    for (const [name, { environment = {} }] of Object.entries(compose.services)) {
      const secrets = secretsOf(name);
      for (const [key, raw] of Object.entries(environment)) {
        if (!secrets.has(key) && !SECRET_NAME.test(key)) continue;
        const value = String(raw);
        const used = interpolations(value);
        checked.push(`${name}.${key}`);
        expect({ key, value, interpolated: used.length > 0 }).toEqual({ key, value, interpolated: true });
        // `${NAME:?error}`: no default value, which would be a secret written in the file.
        expect({ key, operators: used.map((u) => u.operator) }).toEqual({
          key,
          operators: used.map(() => ':?'),
        });
        const sentinel = Object.fromEntries(used.map((u) => [u.name, `from-env-${u.name.toLowerCase()}`]));
        const resolved = interpolate(value, sentinel);
        if (/^\w+:\/\//.test(resolved)) {
          // A URL: its password is the interpolated part.
          expect({ key, password: new URL(resolved).password }).toEqual({
            key,
            password: expect.stringMatching(/^from-env-/),
          });
        } else {
          expect({ key, literal: value.replace(INTERPOLATION, '') }).toEqual({ key, literal: '' });
        }
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'postgres.POSTGRES_PASSWORD',
        'identity.JWT_PRIVATE_KEY',
        'identity.DATABASE_URL',
      ]),
    );
    expect(composeText).not.toMatch(/-----BEGIN/);
  });

  it.each(SERVICE_NAMES)(
    'builds %s from the shared Dockerfile, from a folder with a package.json',
    (name) => {
      const { build } = service(name);
      expect(build?.context).toBe('.');
      expect(build?.dockerfile).toBe('deploy/docker/Dockerfile');
      const args = build?.args ?? {};
      expect(Object.keys(args).filter((arg) => !declaredArgs.has(arg))).toEqual([]);
      const servicePath = args.SERVICE_PATH;
      expect(servicePath).toMatch(/^services\//);
      expect(existsSync(join(root, servicePath, 'package.json'))).toBe(true);
      // The entry point the image runs is the package's "main", built from a source that exists.
      const main = args.SERVICE_MAIN ?? declaredArgs.get('SERVICE_MAIN');
      expect(main).toBe(packageJson(servicePath).main);
      expect(existsSync(join(root, sourceOf(servicePath, main as string)))).toBe(true);
    },
  );

  it.each(SERVICE_NAMES)('health-checks %s on the port it listens on, and restarts it', (name) => {
    const { healthcheck, restart } = service(name);
    expect(restart).toBe('unless-stopped');
    // No compose override: the image's HEALTHCHECK applies.
    expect(healthcheck?.disable).not.toBe(true);
    expect(healthcheck?.test).toBeUndefined();
    const env = serviceEnv(name);
    const config = loadConfig(SERVICES[name], env) as { HEALTH_PORT?: number; PORT?: number };
    const listening = 'HEALTH_PORT' in config ? config.HEALTH_PORT : config.PORT;
    // The port expression of the Dockerfile's HEALTHCHECK (checked below, in the Dockerfile tests).
    const checked = Number(env.HEALTH_PORT || env.PORT || 3000);
    expect({ name, checked }).toEqual({ name, checked: listening });
  });

  it('health-checks PostgreSQL and Redis and restarts them', () => {
    for (const name of ['postgres', 'redis']) {
      expect(service(name).healthcheck?.test?.length).toBeGreaterThan(0);
      expect(service(name).restart).toBe('unless-stopped');
    }
    expect(service('postgres').healthcheck?.test?.join(' ')).toContain('pg_isready');
    expect(service('redis').healthcheck?.test?.join(' ')).toContain('redis-cli ping');
  });

  it('runs Redis with the append-only file and no eviction, as BullMQ needs, on a volume', () => {
    const redis = service('redis');
    expect(redis.image).toMatch(/^redis:7/);
    const command = redis.command ?? [];
    const flag = (name: string) => command[command.indexOf(name) + 1];
    expect(command).toContain('--appendonly');
    expect(flag('--appendonly')).toBe('yes');
    expect(flag('--maxmemory-policy')).toBe('noeviction');
    expect(redis.volumes?.some((volume) => volume.endsWith(':/data'))).toBe(true);
  });

  it('keeps PostgreSQL 17 data on a volume', () => {
    const postgres = service('postgres');
    expect(postgres.image).toMatch(/^postgres:17/);
    expect(postgres.volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(true);
  });

  it('finds every service with a database among those with migrations', () => {
    const withMigrations = SERVICE_NAMES.filter((name) =>
      existsSync(join(root, String(service(name).build?.args?.SERVICE_PATH), 'migrations')),
    );
    expect(DATABASE_SERVICES).toEqual(withMigrations);
    expect(DATABASE_SERVICES).toEqual(['identity', 'orders', 'stores-youcan', 'delivery-zr']);
  });

  it.each(DATABASE_SERVICES)('starts %s only after its migrations completed', (name) => {
    const migration = service(`migrate-${name}`);
    const app = service(name);
    expect(app.depends_on?.[`migrate-${name}`]).toEqual({ condition: 'service_completed_successfully' });
    expect(app.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    // The same image as the service, run once, after PostgreSQL answers.
    expect(migration.build).toEqual(app.build);
    expect(migration.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    expect(migration.restart).toBe('no');
    expect(migration.healthcheck?.disable).toBe(true);
    // Its command runs the service's migrate.js from the image's working directory.
    const servicePath = String(app.build?.args?.SERVICE_PATH);
    expect(of(runtime, 'WORKDIR').at(-1)?.args).toBe('/app/${SERVICE_PATH}');
    const [node, script] = migration.command ?? [];
    expect(node).toBe('node');
    expect(script).toBe('dist/src/migrate.js');
    expect(existsSync(join(root, sourceOf(servicePath, script)))).toBe(true);
    const env = Object.fromEntries(
      Object.entries(migration.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), exampleEnv())]),
    );
    expect(() => loadConfig(MigrationConfig, env)).not.toThrow();
  });

  it.each(DATABASE_SERVICES)(
    "runs %s's queue processors as a service of their own: same image and environment, worker.ts",
    (name) => {
      const app = service(name);
      const worker = service(`${name}-worker`);
      expect(worker.image).toBe(app.image);
      expect(worker.build).toEqual(app.build);
      expect(app.command).toBeUndefined();
      const [node, script] = worker.command ?? [];
      expect(node).toBe('node');
      expect(script).toBe('dist/src/worker.js');
      expect(existsSync(join(root, sourceOf(String(app.build?.args?.SERVICE_PATH), script)))).toBe(true);
      // The same Redis user, PostgreSQL role and keys: least privilege unchanged.
      expect(worker.environment).toEqual(app.environment);
      expect(worker.depends_on).toEqual(app.depends_on);
      expect(worker.restart).toBe('unless-stopped');
      expect(worker.ports).toBeUndefined();
    },
  );

  it('has a worker for each service with a database, and no other', () => {
    const workers = Object.keys(compose.services).filter((name) => name.endsWith('-worker'));
    expect(workers.sort()).toEqual([...WORKER_NAMES].sort());
  });

  it.each(SERVICE_NAMES)('starts %s once Redis answers', (name) => {
    expect(service(name).depends_on?.redis).toEqual({ condition: 'service_healthy' });
  });

  it('publishes the gateway on port 3000, its metrics port on loopback only, and no other service', () => {
    const gateway = loadConfig(GatewayConfig, serviceEnv('gateway')) as {
      PORT: number;
      METRICS_PORT: number;
    };
    expect(service('gateway').ports).toEqual([
      `${gateway.PORT}:${gateway.PORT}`,
      `127.0.0.1:${gateway.METRICS_PORT}:${gateway.METRICS_PORT}`,
    ]);
    expect(gateway.PORT).toBe(3000);
    const published = Object.entries(compose.services).filter(([, s]) => s.ports?.length && !s.profiles);
    expect(published.map(([name]) => name)).toEqual(['gateway']);
  });

  it('runs the sandboxes only under the sandbox profile, reachable from the other containers', () => {
    const sandboxes: Record<string, ConfigClass> = {
      'sandbox-youcan': SandboxYoucanConfig,
      'sandbox-zr': SandboxZrConfig,
      'sandbox-yalidine': SandboxYalidineConfig,
      'sandbox-mail': SandboxMailConfig,
    };
    const profiled = Object.entries(compose.services).filter(([, s]) => s.profiles !== undefined);
    expect(profiled.map(([name]) => name).sort()).toEqual(Object.keys(sandboxes).sort());
    for (const [name, config] of Object.entries(sandboxes)) {
      const sandbox = service(name);
      expect(sandbox.profiles).toEqual(['sandbox']);
      expect(sandbox.build?.args?.SERVICE_PATH).toBe(`services/${name.replace('-', '/')}`);
      const loaded = loadConfig(config, serviceEnv(name)) as { SANDBOX_HOST: string };
      expect(loaded.SANDBOX_HOST).toBe('0.0.0.0');
      // Published on loopback only, on the port it listens on, which its health check asks.
      const port = Object.entries(loaded).find(([key]) => /^SANDBOX_\w+_PORT$/.test(key))?.[1];
      expect(sandbox.ports).toEqual([`127.0.0.1:${port}:${port}`]);
      expect(sandbox.healthcheck?.test?.join(' ')).toContain(`http://127.0.0.1:${port}/health/ready`);
      expect(sandbox.restart).toBe('unless-stopped');
    }
    // The YouCan sandbox accepts the app that stores-youcan is.
    for (const key of ['YOUCAN_CLIENT_ID', 'YOUCAN_CLIENT_SECRET'])
      expect(service('sandbox-youcan').environment?.[key]).toBe(service('stores-youcan').environment?.[key]);
  });
});

describe('deploy/docker/Dockerfile', () => {
  it('builds on Node 24 LTS, Debian bookworm slim', () => {
    const images = stages.map((s) => s.from).filter((from) => !stages.some((s) => s.name === from));
    expect(images.length).toBeGreaterThanOrEqual(2);
    expect(new Set(images)).toEqual(new Set(['node:24-bookworm-slim']));
  });

  it('installs from every workspace manifest and nothing else, so a source change keeps the install cached', () => {
    const manifests = of(stage('manifests'), 'COPY').flatMap((c) => copyParts(c).sources);
    const expected = [
      'package.json',
      'package-lock.json',
      ...workspaceDirs().map((dir) => `${dir}/package.json`),
    ];
    expect([...manifests].sort()).toEqual([...expected].sort());
    expect(stage('deps').from).toBe('manifests');
    expect(stage('prod-deps').from).toBe('manifests');
  });

  it('installs every dependency to build, and the production ones only to run', () => {
    const install = (s: Stage) =>
      of(s, 'RUN')
        .map((r) => r.args)
        .find((a) => /npm (ci|install)/.test(a)) ?? '';
    expect(install(stage('deps'))).not.toContain('--omit');
    expect(install(stage('prod-deps'))).toMatch(/npm (ci|install) --omit=dev/);
    const modules = of(runtime, 'COPY').filter((c) =>
      copyParts(c).sources.some((s) => s.includes('node_modules')),
    );
    expect(modules.map((c) => copyParts(c).from)).toEqual(['prod-deps']);
    // The root devDependencies are where the build tools and the `node` binary package belong.
    const root = packageJson('.') as PackageJson & { devDependencies?: Record<string, string> };
    expect(Object.keys(root.devDependencies ?? {})).toEqual(
      expect.arrayContaining(['nx', '@swc/cli', 'node']),
    );
  });

  it('builds every project with nx, without daemon or cloud', () => {
    const build = stage('build');
    // Every workspace's sources reach the build stage.
    const copied = of(build, 'COPY').flatMap((c) => copyParts(c).sources);
    const uncopied = workspaceDirs().filter(
      (dir) => !copied.some((source) => dir === source || dir.startsWith(`${source}/`)),
    );
    expect(uncopied).toEqual([]);
    expect(copied).toEqual(expect.arrayContaining(['nx.json', '.swcrc', 'tsconfig.base.json']));
    expect(of(build, 'RUN').some((r) => /npx nx run-many -t build/.test(r.args))).toBe(true);
    const env = of(build, 'ENV')
      .map((e) => e.args)
      .join(' ');
    expect(env).toMatch(/NX_DAEMON=false/);
    expect(env).toMatch(/NX_NO_CLOUD=true/);
  });

  it('runs the service as the node user, in production mode, with no shell between docker and node', () => {
    const keywords = runtime.instructions.map((i) => i.keyword);
    const user = keywords.lastIndexOf('USER');
    expect(of(runtime, 'USER').at(-1)?.args).toBe('node');
    // Nothing is copied or run as root after the switch.
    expect(keywords.slice(user).filter((k) => k === 'COPY' || k === 'RUN' || k === 'ADD')).toEqual([]);
    expect(
      of(runtime, 'ENV')
        .map((e) => e.args)
        .join(' '),
    ).toMatch(/NODE_ENV=production/);
    const cmd = JSON.parse(of(runtime, 'CMD').at(-1)?.args ?? 'null') as string[];
    expect(cmd[0]).toBe('node');
    expect(dockerfileText).toMatch(/ln -s "\$SERVICE_PATH\/\$SERVICE_MAIN" \/out\/app\/main\.js/);
    expect(cmd[1]).toBe('/app/main.js');
  });

  it("health-checks /health/live with node's fetch (no curl in slim images)", () => {
    const healthcheck = of(runtime, 'HEALTHCHECK').at(-1)?.args ?? '';
    const command = JSON.parse(healthcheck.slice(healthcheck.indexOf('CMD') + 3)) as string[];
    expect(command.slice(0, 2)).toEqual(['node', '-e']);
    expect(command[2]).toContain('fetch(');
    expect(command[2]).toContain('/health/live');
    expect(command[2]).toContain('process.env.HEALTH_PORT || process.env.PORT || 3000');
    expect(healthcheck).not.toMatch(/curl|wget/);
  });

  it('ships the runtime files of the libs (dist, and data where a lib has some) but not the test helpers', () => {
    const staging =
      of(stage('build'), 'RUN')
        .map((r) => r.args)
        .find((a) => a.includes('/out/')) ?? '';
    expect(staging).toContain("require('./${lib}package.json').files || ['dist']");
    expect(staging).toContain('libs/testing/');
    const geo = packageJson('libs/geo-dz');
    expect(geo.files).toEqual(expect.arrayContaining(['dist', 'data']));
    expect(of(runtime, 'COPY').some((c) => copyParts(c).sources.includes('/out/libs'))).toBe(true);
  });

  it('puts the web app in the gateway image, where GatewayConfig looks for it', () => {
    expect(dockerfileText).toMatch(
      /"\$SERVICE_PATH" = services\/gateway \]; then mkdir -p \/out\/app\/web && cp -R web\/dist/,
    );
    // Compiled, gateway.config.js sits in /app/services/gateway/dist/config: four levels under /app.
    expect(new GatewayConfig() as { WEB_DIST_DIR: string }).toEqual(
      expect.objectContaining({ WEB_DIST_DIR: join(root, 'web/dist') }),
    );
  });

  it('copies from the build context only files that exist and that .dockerignore lets through', () => {
    const sources = stages
      .flatMap((s) => of(s, 'COPY'))
      .map(copyParts)
      .filter((copy) => copy.from === undefined)
      .flatMap((copy) => copy.sources);
    expect(sources.length).toBeGreaterThan(10);
    for (const source of sources) {
      expect({ source, exists: existsSync(join(root, source)) }).toEqual({ source, exists: true });
      expect({ source, ignored: ignored(source) }).toEqual({ source, ignored: false });
    }
    // Inside the copied folders, every workspace's sources, migrations and shipped data arrive.
    const inputs = workspaceDirs().flatMap((dir) => [
      `${dir}/package.json`,
      ...filesUnder(`${dir}/src`),
      ...filesUnder(`${dir}/migrations`),
      ...filesUnder(`${dir}/data`),
    ]);
    expect(inputs.filter((path) => statSync(join(root, path)).isFile() && ignored(path))).toEqual([]);
  });

  it('keeps installed and built output, local secrets and git out of the build context', () => {
    for (const path of [
      'node_modules',
      'services/identity/node_modules',
      'libs/config/dist',
      'services/stores/youcan/dist',
      'web/dist',
      '.env',
      '.env.production',
      '.local/jwt-private.pem',
      '.git',
    ])
      expect({ path, ignored: ignored(path) }).toEqual({ path, ignored: true });
  });
});
