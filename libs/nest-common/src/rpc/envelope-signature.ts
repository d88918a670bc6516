import { PUBLIC_PATTERNS, RPC_SIGNERS, SERVICE_CALLS_ALLOWED, type RpcSigner } from '@tawsil/contracts/rpc';
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { RequestEntry } from './streams.protocol';

// DER headers of an Ed25519 key: the raw 32 bytes follow them.
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
const KEY_BYTES = 32;

/** A signature is refused when its deadline lies further ahead than any caller waits. */
const LONGEST_DEADLINE_MS = 120_000 + 10_000;

function rawKey(base64: string, what: string): Buffer {
  const bytes = Buffer.from(base64.trim(), 'base64');
  if (bytes.length !== KEY_BYTES) throw new Error(`${what} must be 32 bytes, base64-encoded`);
  return bytes;
}

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
  const der = createPublicKey(ed25519PrivateKey(base64Seed)).export({ format: 'der', type: 'spki' });
  return der.subarray(SPKI_ED25519.length).toString('base64');
}

/**
 * What a signature covers: who signed, the pattern, the deadline, and a digest of the envelope
 * (actor, data with its sealed fields, idempotency key), so none of them can be changed or moved.
 */
function signedBytes(signer: string, entry: Pick<RequestEntry, 'pattern' | 'deadline' | 'data'>): Buffer {
  const digest = createHash('sha256').update(entry.data).digest('base64');
  return Buffer.from(['tawsil-rpc-v1', signer, entry.pattern, entry.deadline, digest].join('\n'));
}

/** Signs the requests a process sends with its own Ed25519 key (RPC_SIGNING_KEY). */
export class EnvelopeSigner {
  private readonly key: KeyObject;

  constructor(
    readonly signer: RpcSigner,
    base64Seed: string,
  ) {
    this.key = ed25519PrivateKey(base64Seed);
  }

  sign(entry: Pick<RequestEntry, 'pattern' | 'deadline' | 'data'>): string {
    return sign(null, signedBytes(this.signer, entry), this.key).toString('base64');
  }
}

/** Why a request was refused; it never names a key or a value of the request. */
export type Refusal = 'unsigned' | 'unknown-signer' | 'bad-signature' | 'not-allowed' | 'expired';

/**
 * Parses RPC_PUBLIC_KEYS: `signer:base64key` pairs separated by commas. A signer may be listed
 * twice while its key is rotated; a request signed with either key is accepted.
 */
export function parsePublicKeys(list: string): Map<RpcSigner, KeyObject[]> {
  const keys = new Map<RpcSigner, KeyObject[]>();
  for (const item of list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = item.indexOf(':');
    const signer = item.slice(0, separator) as RpcSigner;
    if (separator < 0 || !RPC_SIGNERS.includes(signer)) {
      throw new Error(
        `RPC_PUBLIC_KEYS: "${item.slice(0, 20)}…" does not start with one of ${RPC_SIGNERS.join(', ')}`,
      );
    }
    keys.set(signer, [...(keys.get(signer) ?? []), ed25519PublicKey(item.slice(separator + 1))]);
  }
  return keys;
}

/**
 * Checks every request before its handler runs: signed by the gateway, or by a service for a
 * pattern that service may call, over exactly this envelope, with a deadline not too far ahead.
 * Only a public pattern with no actor may come unsigned.
 */
export class EnvelopeVerifier {
  private readonly keys: Map<RpcSigner, KeyObject[]>;

  constructor(publicKeys: string) {
    this.keys = parsePublicKeys(publicKeys);
  }

  refusalOf(entry: RequestEntry, hasActor: boolean, now = Date.now()): Refusal | undefined {
    if (!entry.signature || !entry.signer) {
      return PUBLIC_PATTERNS.includes(entry.pattern) && !hasActor ? undefined : 'unsigned';
    }
    const signer = entry.signer as RpcSigner;
    const keys = this.keys.get(signer);
    if (!keys) return 'unknown-signer';
    const signature = Buffer.from(entry.signature, 'base64');
    const bytes = signedBytes(signer, entry);
    if (!keys.some((key) => verify(null, bytes, key, signature))) return 'bad-signature';
    if (signer !== 'gateway' && !SERVICE_CALLS_ALLOWED[signer].includes(entry.pattern)) return 'not-allowed';
    const deadline = Number(entry.deadline);
    if (!(deadline > now) || deadline > now + LONGEST_DEADLINE_MS) return 'expired';
    return undefined;
  }
}
