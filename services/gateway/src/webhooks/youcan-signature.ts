import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `x-youcan-signature` is the hex HMAC-SHA256 of the body's bytes as sent, keyed with the app's
 * client secret, compared in constant time. YouCan's PHP sample hashes `json_encode` of the parsed
 * body, which is the same bytes when YouCan's own `json_encode` wrote them; nothing here parses a
 * body before it is known to come from YouCan.
 */
export function isGenuineYoucanDelivery(
  rawBody: Buffer | undefined,
  signature: unknown,
  clientSecret: string,
): boolean {
  if (!rawBody || typeof signature !== 'string') return false;
  const expected = Buffer.from(createHmac('sha256', clientSecret).update(rawBody).digest('hex'));
  const given = Buffer.from(signature.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
