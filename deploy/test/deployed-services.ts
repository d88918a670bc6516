// What the deployment tests share: the deployed services and their config classes,
// docker-compose.yml as parsed, and the environment an operator's .env gives.
import { describeConfig } from '@tawsil/config';
import { generateEd25519, generateJwtKeys } from '@tawsil/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DeliveryZrConfig } from '../../services/delivery/zr/src/config/delivery-zr.config';
import { GatewayConfig } from '../../services/gateway/src/config/gateway.config';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import { OrdersConfig } from '../../services/orders/src/config/orders.config';
import { StoresYoucanConfig } from '../../services/stores/youcan/src/config/stores-youcan.config';

export const root = join(__dirname, '../..');
export const read = (path: string) => readFileSync(join(root, path), 'utf8');

export type Env = Record<string, string | undefined>;
export type ConfigClass = new () => object;

/** The deployed services: compose and Kubernetes name -> the config class its main.ts loads. */
export const SERVICES: Record<string, ConfigClass> = {
  gateway: GatewayConfig,
  identity: IdentityConfig,
  orders: OrdersConfig,
  'stores-youcan': StoresYoucanConfig,
  'delivery-zr': DeliveryZrConfig,
};
export const SERVICE_NAMES = Object.keys(SERVICES);
const hasDatabase = (name: string) => describeConfig(SERVICES[name]).some((v) => v.name === 'DATABASE_URL');
export const DATABASE_SERVICES = SERVICE_NAMES.filter(hasDatabase);
/** Each service with a database runs its queue processors apart: `<service>-worker`, worker.ts. */
export const WORKER_NAMES = DATABASE_SERVICES.map((name) => `${name}-worker`);

/** The passwords of each service's PostgreSQL role and Redis user that compose takes from .env. */
export const DATABASE_PASSWORDS = DATABASE_SERVICES.map((name) => `${envName(name)}_DATABASE_PASSWORD`);
export const REDIS_PASSWORDS = SERVICE_NAMES.map((name) => `${envName(name)}_REDIS_PASSWORD`);
export function envName(service: string): string {
  return service.toUpperCase().replace(/-/g, '_');
}

/** Names that are secrets even where no config class says so (compose's own, for one). */
export const SECRET_NAME = /(PASSWORD|SECRET|PRIVATE_KEY|TOKEN|API_KEY)$/;

export interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  entrypoint?: string[];
  command?: string[];
  environment?: Record<string, unknown>;
  restart?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
}

export const composeText = read('docker-compose.yml');
export const compose = parse(composeText, { merge: true }) as { services: Record<string, ComposeService> };
export function composeService(name: string): ComposeService {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
}

export function parseEnvFile(text: string): Env {
  const env: Env = {};
  for (const line of text.split('\n')) {
    const assignment = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (assignment) env[assignment[1]] = assignment[2];
  }
  return env;
}

/** What `cp .env.example .env` gives once the secrets are filled in, as docs/deploy.md says. */
export function exampleEnv(): Env {
  const keys = generateJwtKeys();
  const oneLine = (pem: string) => pem.trim().replace(/\n/g, '\\n');
  return {
    ...parseEnvFile(read('.env.example')),
    POSTGRES_PASSWORD: 'c2f1d0a9b8e7',
    JWT_PRIVATE_KEY: oneLine(keys.privateKey),
    JWT_PUBLIC_KEY: oneLine(keys.publicKey),
    YOUCAN_CLIENT_SECRET: '5f0c8e1d2b3a49678a1b2c3d4e5f6a7b',
    ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    QUEUE_DASHBOARD_USER: 'operator',
    QUEUE_DASHBOARD_PASSWORD: '8c4e2a7d1f3b5e9a0c6d',
    ...Object.fromEntries(
      [...DATABASE_PASSWORDS, ...REDIS_PASSWORDS].map((name, index) => [name, `${index}a7f3c9e1d5b2`]),
    ),
    // The per-service URLs of the Kubernetes Secret (deploy/README.md).
    ...Object.fromEntries(
      SERVICE_NAMES.map((name) => [`${envName(name)}_REDIS_URL`, `redis://tawsil-${name}:5e1c@redis:6379`]),
    ),
    ...Object.fromEntries(
      DATABASE_SERVICES.map((name) => [
        `${envName(name)}_DATABASE_URL`,
        `postgres://tawsil_${envName(name).toLowerCase()}:9b2d@postgres:5432/tawsil`,
      ]),
    ),
    ...exampleRpcKeys(),
  };
}

/** The RPC transport's keys under their .env names, as `node deploy/local/rpc-keys.cjs` prints them. */
export function exampleRpcKeys(): Env {
  const [gateway, identity, orders, deliveryZr] = [1, 2, 3, 4].map(() => generateEd25519());
  const sealKey = (fill: number) => Buffer.alloc(32, fill).toString('base64');
  return {
    RPC_SIGNING_KEY_GATEWAY: gateway.privateKey,
    RPC_SIGNING_KEY_IDENTITY: identity.privateKey,
    RPC_SIGNING_KEY_ORDERS: orders.privateKey,
    RPC_SIGNING_KEY_DELIVERY_ZR: deliveryZr.privateKey,
    RPC_PUBLIC_KEYS: [
      `gateway:${gateway.publicKey}`,
      `identity:${identity.publicKey}`,
      `orders:${orders.publicKey}`,
      `delivery-zr:${deliveryZr.publicKey}`,
    ].join(','),
    RPC_SEAL_KEY_IDENTITY: sealKey(1),
    RPC_SEAL_KEY_STORES_YOUCAN: sealKey(2),
    RPC_SEAL_KEY_DELIVERY_ZR: sealKey(3),
  };
}
