import { createHmac, timingSafeEqual } from 'node:crypto';

/** A batch whose `X-YALIDINE-SIGNATURE` does not hold; the message says why, never the secret. */
export class YalidineSignatureRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'YalidineSignatureRefusal';
  }
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Yalidine's check (shared/external-apis.md D): `X-YALIDINE-SIGNATURE` is the hex HMAC-SHA256 of
 * the raw body keyed by the webhook secret. Compared in constant time on the bytes that arrived;
 * throws YalidineSignatureRefusal when it is missing or does not match.
 */
export function verifyYalidineSignature(secret: string, body: Buffer, signature: string | undefined): void {
  if (!signature) throw new YalidineSignatureRefusal('Missing X-YALIDINE-SIGNATURE header');
  const given = signature.trim();
  if (!HEX_SHA256.test(given)) throw new YalidineSignatureRefusal('Invalid webhook signature');
  const expected = createHmac('sha256', secret).update(body).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex')))
    throw new YalidineSignatureRefusal('Invalid webhook signature');
}
