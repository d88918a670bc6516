import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts third-party secrets (store tokens, carrier API keys) for storage: AES-256-GCM with a
 * random IV per value, authenticated, so a changed or swapped ciphertext fails to open. The
 * optional context (e.g. the row id) is bound as associated data: a value copied to another row
 * does not open there.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    this.key = Buffer.from(base64Key, 'base64');
    if (this.key.length !== 32) throw new Error('The encryption key must be 32 bytes, base64-encoded');
  }

  seal(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64'),
      Buffer.concat([encrypted, cipher.getAuthTag()]).toString('base64'),
    ].join(':');
  }

  open(sealed: string, context = ''): string {
    const [version, iv, payload] = sealed.split(':');
    if (version !== VERSION || !iv || !payload) throw new Error('Not a sealed value');
    const bytes = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
