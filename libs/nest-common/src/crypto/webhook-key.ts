import { createHmac, timingSafeEqual } from 'node:crypto';

/** Keeps this key apart from every other use of the same secret (YouCan's body signatures). */
const PURPOSE = 'tawsil:youcan-webhook-key:v1:';

/**
 * The key a store's webhook address carries (`?store=<id>&key=<key>`): an HMAC of the store id,
 * so the address names one store and cannot be turned into another store's by editing `store`.
 */
export function webhookKey(secret: string, storeId: string): string {
  return createHmac('sha256', secret)
    .update(PURPOSE + storeId)
    .digest('base64url');
}

/** Whether `given` is the store's key, compared in constant time. */
export function isWebhookKeyOf(secret: string, storeId: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(webhookKey(secret, storeId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
