// .env.example checked against the config classes: every variable any of them describes is listed,
// with its description, who reads it, and an example value the class accepts; secrets stay empty.
import { describeConfig, loadConfig, type EnvVarDescription } from '@tawsil/config';
import { parse } from 'yaml';
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseEnv } from 'node:util';
import { DeliveryZrConfig } from '../../services/delivery/zr/src/config/delivery-zr.config';
import { GatewayConfig } from '../../services/gateway/src/config/gateway.config';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import { OrdersConfig } from '../../services/orders/src/config/orders.config';
import { StoresYoucanConfig } from '../../services/stores/youcan/src/config/stores-youcan.config';
import { exampleRpcKeys } from './deployed-services';

const root = join(__dirname, '../..');
const exampleText = readFileSync(join(root, '.env.example'), 'utf8');
const composeText = readFileSync(join(root, 'docker-compose.yml'), 'utf8');

type ConfigClass = new () => object;

/** A config class that a program loads, and the name of that program in "Read by:". */
interface Reader {
  label: string;
  config: ConfigClass;
}

/** Config classes of libs/config that a program loads as they are (the others are base classes). */
const LIB_READERS: Record<string, string> = { MigrationConfig: 'migrations' };

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(int-)?spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Every config class in the sources: each exported class with at least one @EnvVar. */
async function findReaders(): Promise<Reader[]> {
  const files = [...sourceFiles(join(root, 'services')), ...sourceFiles(join(root, 'libs'))].filter((file) =>
    /@EnvVar\(|extends \w+Config\b/.test(readFileSync(file, 'utf8')),
  );
  const classes: { file: string; name: string; config: ConfigClass }[] = [];
  for (const file of files) {
    const exports = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports))
      if (typeof value === 'function' && value.prototype && describeConfig(value as ConfigClass).length > 0)
        classes.push({ file, name, config: value as ConfigClass });
  }
  const extended = (config: ConfigClass) =>
    classes.some((other) => other.config !== config && other.config.prototype instanceof config);
  return classes.flatMap(({ file, name, config }): Reader[] => {
    const path = relative(root, file).split('\\').join('/');
    const service = /^services\/(.+?)\/src\//.exec(path)?.[1];
    if (service) return [{ label: service.replace(/\//g, '-'), config }];
    if (extended(config)) return [];
    if (!LIB_READERS[name]) throw new Error(`${path}: who loads ${name}? Add it to LIB_READERS`);
    return [{ label: LIB_READERS[name], config }];
  });
}

interface Entry {
  name: string;
  value: string;
  /** The comment lines right above the assignment. */
  comment: string[];
}

function entries(text: string): Entry[] {
  const lines = text.split('\n');
  return lines.flatMap((line, index) => {
    const assignment = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!assignment) return [];
    const comment: string[] = [];
    for (let above = index - 1; above >= 0 && lines[above].startsWith('#'); above--)
      comment.unshift(lines[above].replace(/^#\s?/, ''));
    return [{ name: assignment[1], value: assignment[2], comment }];
  });
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
const listed = entries(exampleText);
const entry = (name: string): Entry => {
  const found = listed.find((e) => e.name === name);
  if (!found) throw new Error(`.env.example has no ${name}=`);
  return found;
};
/** The names after "Read by:" in an entry's comment. */
const readBy = (e: Entry): string[] => {
  const line = e.comment.find((l) => l.startsWith('Read by:')) ?? '';
  return (/^Read by: ([^.]*)\./.exec(line)?.[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
};
/** The variables docker-compose.yml interpolates, in its values (its comments aside). */
function interpolated(node: unknown): string[] {
  if (typeof node === 'string')
    return [...node.matchAll(/\$\{(\w+)|\$(?!\$)(\w+)/g)].map((m) => m[1] ?? m[2]);
  if (Array.isArray(node)) return node.flatMap(interpolated);
  if (node && typeof node === 'object') return Object.values(node).flatMap(interpolated);
  return [];
}
const composeVariables = new Set(interpolated(parse(composeText, { merge: true })));

let readers: Reader[] = [];
/** Each variable, with what every config class that reads it says of it. */
let variables = new Map<string, { readers: string[]; descriptions: EnvVarDescription[] }>();

beforeAll(async () => {
  readers = await findReaders();
  variables = new Map();
  for (const { label, config } of readers)
    for (const description of describeConfig(config)) {
      const known = variables.get(description.name) ?? { readers: [], descriptions: [] };
      known.readers.push(label);
      known.descriptions.push(description);
      variables.set(description.name, known);
    }
});

describe('.env.example', () => {
  it('is read from every config class of the code', () => {
    const found = readers.map((r) => r.config);
    for (const config of [GatewayConfig, IdentityConfig, OrdersConfig, StoresYoucanConfig, DeliveryZrConfig])
      expect(found).toContain(config);
    expect(readers.map((r) => r.label)).toEqual(
      expect.arrayContaining(['gateway', 'identity', 'orders', 'stores-youcan', 'delivery-zr', 'migrations']),
    );
  });

  it('lists every variable that a config class describes, once', () => {
    expect(variables.size).toBeGreaterThan(15);
    const missing = [...variables.keys()].filter((name) => !listed.some((e) => e.name === name));
    expect(missing).toEqual([]);
    const names = listed.map((e) => e.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('lists nothing that nothing reads: every other variable is one docker-compose.yml uses', () => {
    const unknown = listed.filter((e) => !variables.has(e.name)).map((e) => e.name);
    expect(unknown.filter((name) => !composeVariables.has(name))).toEqual([]);
    for (const name of unknown)
      expect({ name, readBy: readBy(entry(name)) }).toEqual({ name, readBy: ['docker compose'] });
  });

  it('documents every variable docker-compose.yml takes from the environment', () => {
    expect(composeVariables.size).toBeGreaterThan(3);
    expect([...composeVariables].filter((name) => !listed.some((e) => e.name === name))).toEqual([]);
  });

  it("gives each variable its config class's description in a comment above it", () => {
    for (const [name, { descriptions }] of variables) {
      const comment = normalize(entry(name).comment.join(' '));
      for (const { description } of descriptions)
        expect({ name, comment }).toEqual({ name, comment: expect.stringContaining(normalize(description)) });
    }
  });

  it('says which services read each variable', () => {
    for (const [name, known] of variables)
      expect({ name, readBy: [...readBy(entry(name))].sort() }).toEqual({
        name,
        readBy: [...known.readers].sort(),
      });
  });

  it('marks the required and the secret variables', () => {
    for (const [name, { descriptions }] of variables) {
      const comment = entry(name).comment.join(' ');
      if (descriptions.some((d) => d.required))
        expect({ name, comment }).toEqual({ name, comment: expect.stringContaining('Required') });
      if (descriptions.some((d) => d.secret))
        expect({ name, comment }).toEqual({ name, comment: expect.stringContaining('Secret') });
    }
  });

  it('holds no secret: secrets are empty (a URL may stay, without a password)', () => {
    const secrets = [...variables]
      .filter(([, known]) => known.descriptions.some((d) => d.secret))
      .map(([name]) => name);
    expect(secrets).toEqual(expect.arrayContaining(['JWT_PRIVATE_KEY', 'DATABASE_URL']));
    for (const name of [...secrets, 'POSTGRES_PASSWORD']) {
      const { value } = entry(name);
      if (/^\w+:\/\//.test(value))
        expect({ name, password: new URL(value).password }).toEqual({ name, password: '' });
      else expect({ name, value }).toEqual({ name, value: '' });
    }
    expect(exampleText).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----\\n/);
  });

  it('says how to make the JWT key pair: EC P-256 in PEM, with node or openssl', () => {
    const comment = entry('JWT_PRIVATE_KEY').comment.join('\n');
    expect(comment).toContain("generateKeyPairSync('ec',{namedCurve:'P-256'");
    expect(comment).toContain('openssl ecparam -name prime256v1 -genkey');
    expect(entry('POSTGRES_PASSWORD').comment.join('\n')).toContain('openssl rand -hex');
  });

  it('gives example values each config class accepts, and the documented one-line PEM works', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const oneLine = (pem: string) => JSON.stringify(pem.trim()); // the node command's output
    const rpc = exampleRpcKeys();
    const rpcLines = Object.entries({
      ...rpc,
      RPC_SIGNING_KEY: rpc.RPC_SIGNING_KEY_GATEWAY,
      RPC_SEAL_KEY: rpc.RPC_SEAL_KEY_IDENTITY,
    }).map(([name, value]) => `${name}=${value}\n`);
    const secrets = `YOUCAN_CLIENT_SECRET=${'s'.repeat(32)}\nENCRYPTION_KEY=${Buffer.alloc(32, 7).toString('base64')}\n${rpcLines.join('')}`;
    const dotEnv = `${exampleText}\nJWT_PRIVATE_KEY=${oneLine(privateKey)}\nJWT_PUBLIC_KEY=${oneLine(publicKey)}\n${secrets}`;
    // npm start's parser (util.parseEnv) turns \n between double quotes into line breaks...
    const env = parseEnv(dotEnv) as Record<string, string>;
    expect(env.JWT_PRIVATE_KEY).toBe(privateKey.trim());
    // ...and the config classes accept the literal "\n" that other tools leave in the value.
    const literal = { ...env, JWT_PRIVATE_KEY: privateKey.trim().replace(/\n/g, '\\n') };
    for (const source of [env, literal])
      for (const { label, config } of readers) {
        const loaded = loadConfig(config, source) as Record<string, unknown>;
        expect(label).toBeTruthy();
        if (typeof loaded.JWT_PRIVATE_KEY === 'string')
          expect(() => createPrivateKey(loaded.JWT_PRIVATE_KEY as string)).not.toThrow();
        if (typeof loaded.JWT_PUBLIC_KEY === 'string')
          expect(() => createPublicKey(loaded.JWT_PUBLIC_KEY as string)).not.toThrow();
      }
  });
});
