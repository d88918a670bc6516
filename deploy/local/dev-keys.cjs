// The development keys: the pair that signs and checks tokens, the encryption key and the keys of
// the RPC transport, kept in .local/ across runs.
const { generateKeyPairSync, randomBytes } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { generateRpcKeys, RPC_KEY_NAMES } = require('./rpc-keys.cjs');

const dir = join(__dirname, '..', '..', '.local');

function devJwtKeys() {
  const privatePath = join(dir, 'jwt-private.pem');
  const publicPath = join(dir, 'jwt-public.pem');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    mkdirSync(dir, { recursive: true });
    const { privateKey, publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    writeFileSync(privatePath, privateKey, { mode: 0o600 });
    writeFileSync(publicPath, publicKey);
  }
  return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8') };
}

/** The development ENCRYPTION_KEY (store tokens, carrier keys), kept in .local/ across runs. */
function devEncryptionKey() {
  const path = join(dir, 'encryption.key');
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return readFileSync(path, 'utf8').trim();
}

/** The development keys of the RPC transport (signing and sealing), kept in .local/ across runs. */
function devRpcKeys() {
  const path = join(dir, 'rpc-keys.json');
  const kept = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
  if (RPC_KEY_NAMES.every((name) => kept[name])) return kept;
  mkdirSync(dir, { recursive: true });
  const keys = generateRpcKeys();
  writeFileSync(path, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

module.exports = { devJwtKeys, devEncryptionKey, devRpcKeys };
