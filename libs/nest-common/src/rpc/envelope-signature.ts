import { PUBLIC_PATTERNS, RPC_SIGNERS, SERVICE_CALLS_ALLOWED, type RpcSigner } from '@tawsil/contracts/rpc';
import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import { ed25519PrivateKey, ed25519PublicKey, x25519PublicOf } from './ed25519-keys';
import { replyChannelPrefix, type RequestEntry } from './streams.protocol';

export { ed25519PrivateKey, ed25519PublicKey, ed25519PublicOf } from './ed25519-keys';

/** A signature is refused when its deadline lies further ahead than any caller waits. */
const LONGEST_DEADLINE_MS = 120_000 + 10_000;

/**
 * The label of what a signature covers. v1 covered the pattern, deadline and data only, so a
 * captured entry could be replayed with another replyTo; it is no longer accepted.
 */
const SIGNATURE_VERSION = 'tawsil-rpc-v2';

/** The fields of an entry a signature covers: all of them but the signature. */
export type SignedEntry = Pick<
  RequestEntry,
  'id' | 'pattern' | 'data' | 'replyTo' | 'deadline' | 'requestId'
>;

/**
 * What a signature covers: the whole envelope (who signed, the caller's id of the request, where
 * the answer goes, the pattern, the deadline, the request id, and a digest of the data with its
 * actor, sealed fields and idempotency key), so none of it can be changed or moved. JSON keeps the
 * fields apart whatever they contain.
 */
function signedBytes(signer: string, entry: SignedEntry): Buffer {
  const digest = createHash('sha256').update(entry.data).digest('base64');
  const { id, replyTo, pattern, deadline, requestId } = entry;
  return Buffer.from(
    JSON.stringify([SIGNATURE_VERSION, signer, id, replyTo, pattern, deadline, requestId, digest]),
  );
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

  sign(entry: SignedEntry): string {
    return sign(null, signedBytes(this.signer, entry), this.key).toString('base64');
  }
}

/** Why a request was refused; it never names a key or a value of the request. */
export type Refusal =
  'unsigned' | 'unknown-signer' | 'bad-signature' | 'wrong-reply-channel' | 'not-allowed' | 'expired';

/** A signer's key: the Ed25519 one that verifies, and its X25519 form that answers are sealed to. */
interface SignerKey {
  verifying: KeyObject;
  answering: KeyObject;
}

/** What the check of an entry found: why it is refused, or the key its answer is sealed to. */
export type Verdict = { refusal: Refusal } | { refusal?: undefined; answerKey?: KeyObject };

/**
 * Parses RPC_PUBLIC_KEYS: `signer:base64key` pairs separated by commas. A signer may be listed
 * twice while its key is rotated; a request signed with either key is accepted.
 */
export function parsePublicKeys(list: string): Map<RpcSigner, SignerKey[]> {
  const keys = new Map<RpcSigner, SignerKey[]>();
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
    const verifying = ed25519PublicKey(item.slice(separator + 1));
    keys.set(signer, [...(keys.get(signer) ?? []), { verifying, answering: x25519PublicOf(verifying) }]);
  }
  return keys;
}

/**
 * Checks every request before its handler runs: signed by the gateway, or by a service for a
 * pattern that service may call, over exactly this envelope, answered on a channel of the signer's,
 * with a deadline not too far ahead. Only a public pattern with no actor may come unsigned.
 */
export class EnvelopeVerifier {
  private readonly keys: Map<RpcSigner, SignerKey[]>;

  constructor(publicKeys: string) {
    this.keys = parsePublicKeys(publicKeys);
  }

  refusalOf(entry: RequestEntry, hasActor: boolean, now = Date.now()): Refusal | undefined {
    return this.verify(entry, hasActor, now).refusal;
  }

  verify(entry: RequestEntry, hasActor: boolean, now = Date.now()): Verdict {
    if (!entry.signature || !entry.signer) {
      return PUBLIC_PATTERNS.includes(entry.pattern) && !hasActor ? {} : { refusal: 'unsigned' };
    }
    const signer = entry.signer as RpcSigner;
    const keys = this.keys.get(signer);
    if (!keys) return { refusal: 'unknown-signer' };
    const signature = Buffer.from(entry.signature, 'base64');
    const bytes = signedBytes(signer, entry);
    const key = keys.find(({ verifying }) => verify(null, bytes, verifying, signature));
    if (!key) return { refusal: 'bad-signature' };
    if (!String(entry.replyTo).startsWith(replyChannelPrefix(signer)))
      return { refusal: 'wrong-reply-channel' };
    if (signer !== 'gateway' && !SERVICE_CALLS_ALLOWED[signer].includes(entry.pattern))
      return { refusal: 'not-allowed' };
    const deadline = Number(entry.deadline);
    if (!(deadline > now) || deadline > now + LONGEST_DEADLINE_MS) return { refusal: 'expired' };
    return { answerKey: key.answering };
  }
}
