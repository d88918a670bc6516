// The keys of the RPC transport (docs/rpc-transport.md): an Ed25519 pair for each process that
// signs requests, and an AES-256 key for each service that receives sealed fields.
// `node deploy/local/rpc-keys.cjs` prints fresh ones as .env lines (docker compose's names).
const { generateKeyPairSync, randomBytes } = require('node:crypto');

const SIGNERS = { gateway: 'GATEWAY', identity: 'IDENTITY', orders: 'ORDERS', 'delivery-zr': 'DELIVERY_ZR' };
const SEALED_FOR = { identity: 'IDENTITY', 'stores-youcan': 'STORES_YOUCAN', 'delivery-zr': 'DELIVERY_ZR' };

/** One Ed25519 pair as the services read it: the raw 32 bytes of each half, base64. */
function ed25519() {
  const pair = generateKeyPairSync('ed25519');
  const raw = (key, type) => key.export({ format: 'der', type }).subarray(-32).toString('base64');
  return { privateKey: raw(pair.privateKey, 'pkcs8'), publicKey: raw(pair.publicKey, 'spki') };
}

/** Fresh keys, named as in .env: RPC_SIGNING_KEY_<SIGNER>, RPC_PUBLIC_KEYS, RPC_SEAL_KEY_<SERVICE>. */
function generateRpcKeys() {
  const keys = {};
  const publicKeys = [];
  for (const [signer, suffix] of Object.entries(SIGNERS)) {
    const pair = ed25519();
    keys[`RPC_SIGNING_KEY_${suffix}`] = pair.privateKey;
    publicKeys.push(`${signer}:${pair.publicKey}`);
  }
  keys.RPC_PUBLIC_KEYS = publicKeys.join(',');
  for (const suffix of Object.values(SEALED_FOR))
    keys[`RPC_SEAL_KEY_${suffix}`] = randomBytes(32).toString('base64');
  return keys;
}

const NAMES = Object.keys(generateRpcKeys());

/** The keys from the environment when it sets every one of them, else undefined. */
function rpcKeysFrom(env) {
  const set = NAMES.filter((name) => env[name]);
  if (set.length === 0) return undefined;
  const missing = NAMES.filter((name) => !env[name]);
  if (missing.length) throw new Error(`Set all the RPC keys or none; missing: ${missing.join(', ')}`);
  return Object.fromEntries(NAMES.map((name) => [name, env[name]]));
}

/** What one process reads of them, under the names its config class uses. */
function rpcServiceEnv(service, keys) {
  const env = {};
  if (SIGNERS[service]) env.RPC_SIGNING_KEY = keys[`RPC_SIGNING_KEY_${SIGNERS[service]}`];
  if (service === 'gateway') {
    for (const suffix of Object.values(SEALED_FOR))
      env[`RPC_SEAL_KEY_${suffix}`] = keys[`RPC_SEAL_KEY_${suffix}`];
    return env;
  }
  env.RPC_PUBLIC_KEYS = keys.RPC_PUBLIC_KEYS;
  if (SEALED_FOR[service]) env.RPC_SEAL_KEY = keys[`RPC_SEAL_KEY_${SEALED_FOR[service]}`];
  return env;
}

module.exports = { generateRpcKeys, rpcKeysFrom, rpcServiceEnv, RPC_KEY_NAMES: NAMES };

if (require.main === module) {
  for (const [name, value] of Object.entries(generateRpcKeys())) console.log(`${name}=${value}`);
}
