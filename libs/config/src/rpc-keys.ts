import { Matches } from 'class-validator';
import { EnvVar } from './env-var.decorator';

// Keys of the RPC transport (docs/rpc-transport.md): 32 bytes, base64, as `openssl rand -base64 32`.
const KEY = '[A-Za-z0-9+/]{43}=';
const KEY_LIST = new RegExp(`^${KEY}(,${KEY})*$`);
const SIGNER_KEY = `(gateway|identity|orders|delivery-zr):${KEY}`;
const SIGNER_KEY_LIST = new RegExp(`^${SIGNER_KEY}(,${SIGNER_KEY})*$`);

const both =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, property) =>
    decorators.forEach((decorate) => decorate(target, property));

/** RPC_SIGNING_KEY: the Ed25519 private key a process signs its RPC requests with. */
export const RpcSigningKeyVar = (): PropertyDecorator =>
  both(
    EnvVar({
      description:
        'Ed25519 private key (32-byte seed, base64) this process signs its RPC requests with; its public half goes in RPC_PUBLIC_KEYS',
      required: true,
      secret: true,
    }),
    Matches(new RegExp(`^${KEY}$`), { message: 'RPC_SIGNING_KEY must be 32 bytes, base64-encoded' }),
  );

/** RPC_PUBLIC_KEYS: whose signatures a service accepts. */
export const RpcPublicKeysVar = (): PropertyDecorator =>
  both(
    EnvVar({
      description:
        'Public Ed25519 keys (base64) of the RPC callers: gateway:KEY,identity:KEY,orders:KEY,delivery-zr:KEY; list a signer twice while rotating its key',
      required: true,
    }),
    Matches(SIGNER_KEY_LIST, {
      message:
        'RPC_PUBLIC_KEYS must list signer:key pairs (gateway, identity, orders, delivery-zr), keys 32 bytes base64',
    }),
  );

/** A service's RPC_SEAL_KEY, or the gateway's RPC_SEAL_KEY_<SERVICE>: opens/seals passwords and API keys on the bus. */
export const RpcSealKeyVar = (name: string, description: string): PropertyDecorator =>
  both(
    EnvVar({ description, required: true, secret: true }),
    Matches(KEY_LIST, {
      message: `${name} must be 32 bytes base64 (a comma-separated list while rotating)`,
    }),
  );

/** A receiving service's RPC_SEAL_KEY: the value the gateway holds for it as RPC_SEAL_KEY_<SERVICE>. */
export const RpcOpenKeyVar = (): PropertyDecorator =>
  RpcSealKeyVar(
    'RPC_SEAL_KEY',
    "32 random bytes, base64: opens the passwords, API keys and OAuth codes the gateway seals for this service (the gateway's RPC_SEAL_KEY_<SERVICE>)",
  );
