import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * PHP's `json_encode` with default flags, which YouCan's documented example signs: slashes
 * escaped, and every non-ASCII character as a \u escape (UTF-16 units, lower-case hex).
 */
export function phpJsonEncode(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const hmacHex = (secret: string, bytes: Buffer | string) =>
  createHmac('sha256', secret).update(bytes).digest('hex');

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `x-youcan-signature` is the hex HMAC-SHA256 of the payload keyed with the app's client secret.
 * YouCan's app template signs the raw body and its docs sign PHP re-encoded JSON: either passes,
 * both compared in constant time.
 */
export function isGenuineYoucanDelivery(
  rawBody: Buffer | undefined,
  signature: string | undefined,
  clientSecret: string,
): boolean {
  if (!rawBody || !signature) return false;
  if (sameHex(hmacHex(clientSecret, rawBody), signature)) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return false;
  }
  return sameHex(hmacHex(clientSecret, phpJsonEncode(parsed)), signature);
}
