import { SEALED_ANSWER_FIELDS } from '@tawsil/contracts/rpc';
import {
  createCipheriv,
  createDecipheriv,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { ed25519PrivateKey, rawOf, x25519PrivateOf, x25519PublicKey } from './ed25519-keys';

/**
 * Answers sealed for the caller (docs/rpc-transport.md, Sealed answers): the service seals each
 * credential field of an answer to the X25519 form of the key that signed the request, so only the
 * process holding that signing key opens it. An ephemeral X25519 exchange per value, HKDF-SHA-256,
 * AES-256-GCM; the value travels as `sealed:x1:<ephemeral key>:<iv>:<ciphertext+tag>`.
 */

const SEALED = 'sealed:x1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Each value is bound to its pattern and field, and to both public keys of the exchange. */
const contextOf = (pattern: string, field: string) => `${pattern}#${field}`;

function boxKey(shared: Buffer, ephemeral: Buffer, recipient: Buffer, context: string): Buffer {
  const info = `tawsil-rpc-answer-v1\n${context}`;
  return Buffer.from(hkdfSync('sha256', shared, Buffer.concat([ephemeral, recipient]), info, 32));
}

function sealOne(recipient: KeyObject, plain: string, context: string): string {
  const ephemeral = generateKeyPairSync('x25519');
  const shared = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipient });
  const ephemeralRaw = rawOf(ephemeral.publicKey);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', boxKey(shared, ephemeralRaw, rawOf(recipient), context), iv);
  cipher.setAAD(Buffer.from(context));
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return SEALED + [ephemeralRaw, iv, encrypted].map((part) => part.toString('base64')).join(':');
}

/**
 * The answering service's side: the credential fields of an answer (SEALED_ANSWER_FIELDS) sealed
 * to the caller's X25519 key. Undefined when the pattern has such fields and there is no key.
 */
export function sealAnswer(pattern: string, response: unknown, recipient: KeyObject | undefined): unknown {
  const fields = SEALED_ANSWER_FIELDS[pattern];
  if (!fields || response === null || typeof response !== 'object') return response;
  if (!recipient) return undefined;
  const sealed: Record<string, unknown> = { ...(response as Record<string, unknown>) };
  for (const field of fields) {
    const value = sealed[field];
    if (typeof value === 'string') sealed[field] = sealOne(recipient, value, contextOf(pattern, field));
  }
  return sealed;
}

/** The caller's side: opens the sealed fields of its answers with its own RPC_SIGNING_KEY. */
export class AnswerOpener {
  private readonly key: KeyObject;
  private readonly publicRaw: Buffer;

  constructor(base64Seed: string) {
    this.key = x25519PrivateOf(ed25519PrivateKey(base64Seed));
    this.publicRaw = rawOf(createPublicKey(this.key));
  }

  /** The answer with its fields opened; throws when one came in clear or does not open. */
  open<T>(pattern: string, response: T): T {
    const fields = SEALED_ANSWER_FIELDS[pattern];
    if (!fields || response === null || typeof response !== 'object') return response;
    const opened: Record<string, unknown> = { ...(response as Record<string, unknown>) };
    for (const field of fields) {
      const value = opened[field];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string' || !value.startsWith(SEALED))
        throw new Error(`${pattern} answered ${field} unsealed`);
      opened[field] = this.openOne(value.slice(SEALED.length), contextOf(pattern, field));
    }
    return opened as T;
  }

  private openOne(sealed: string, context: string): string {
    const [ephemeral, iv, payload] = sealed.split(':').map((part) => Buffer.from(part, 'base64'));
    if (ephemeral?.length !== 32 || iv?.length !== IV_BYTES || !payload || payload.length < TAG_BYTES)
      throw new Error(`A sealed answer is malformed (${context})`);
    const shared = diffieHellman({ privateKey: this.key, publicKey: x25519PublicKey(ephemeral) });
    const key = boxKey(shared, ephemeral, this.publicRaw, context);
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(payload.subarray(payload.length - TAG_BYTES));
    const body = payload.subarray(0, payload.length - TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}
