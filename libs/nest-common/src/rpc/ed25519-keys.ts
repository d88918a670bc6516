import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * The RPC transport's keys: each signer's Ed25519 pair (RPC_SIGNING_KEY, RPC_PUBLIC_KEYS), raw
 * 32 bytes in base64, and the X25519 form of the same pair that answers are sealed to. The
 * conversion is the one libsodium's crypto_sign_ed25519_*_to_curve25519 and age's ssh-ed25519
 * recipients use: the same secret scalar, the public point mapped to its Montgomery form.
 */

// DER headers of each kind of key: the raw 32 bytes follow them.
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_X25519 = Buffer.from('302a300506032b656e032100', 'hex');
const KEY_BYTES = 32;
const P = 2n ** 255n - 19n;

function rawKey(base64: string, what: string): Buffer {
  const bytes = Buffer.from(base64.trim(), 'base64');
  if (bytes.length !== KEY_BYTES) throw new Error(`${what} must be 32 bytes, base64-encoded`);
  return bytes;
}

/** The raw 32 bytes of a key object (its DER form ends with them). */
export const rawOf = (key: KeyObject): Buffer =>
  key.export({ format: 'der', type: key.type === 'private' ? 'pkcs8' : 'spki' }).subarray(-KEY_BYTES);

export function ed25519PrivateKey(base64Seed: string): KeyObject {
  const der = Buffer.concat([PKCS8_ED25519, rawKey(base64Seed, 'An Ed25519 private key')]);
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

export function ed25519PublicKey(base64: string): KeyObject {
  const der = Buffer.concat([SPKI_ED25519, rawKey(base64, 'An Ed25519 public key')]);
  return createPublicKey({ key: der, format: 'der', type: 'spki' });
}

/** The public half of a base64 Ed25519 private key, base64 too (what RPC_PUBLIC_KEYS lists). */
export function ed25519PublicOf(base64Seed: string): string {
  return rawOf(createPublicKey(ed25519PrivateKey(base64Seed))).toString('base64');
}

export const x25519PublicKey = (raw: Buffer): KeyObject =>
  createPublicKey({ key: Buffer.concat([SPKI_X25519, raw]), format: 'der', type: 'spki' });

/** The X25519 private key of an Ed25519 one: its secret scalar, the first half of SHA-512 of the seed. */
export function x25519PrivateOf(ed25519Private: KeyObject): KeyObject {
  const scalar = createHash('sha512').update(rawOf(ed25519Private)).digest().subarray(0, KEY_BYTES);
  return createPrivateKey({ key: Buffer.concat([PKCS8_X25519, scalar]), format: 'der', type: 'pkcs8' });
}

const littleEndian = (bytes: Buffer) => BigInt(`0x${Buffer.from(bytes).reverse().toString('hex')}`);
const toLittleEndian = (n: bigint) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex').reverse();

function power(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  for (let b = base % P, e = exponent; e > 0n; e >>= 1n, b = (b * b) % P)
    if (e & 1n) result = (result * b) % P;
  return result;
}

/** The X25519 public key of an Ed25519 one: u = (1 + y) / (1 - y) mod p (RFC 7748, section 4.1). */
export function x25519PublicOf(ed25519Public: KeyObject): KeyObject {
  const y = littleEndian(rawOf(ed25519Public)) & ((1n << 255n) - 1n);
  const u = (((1n + y) % P) * power((P + 1n - y) % P, P - 2n)) % P;
  return x25519PublicKey(toLittleEndian(u));
}
