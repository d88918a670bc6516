import type { LinkError } from '@tawsil/contracts/stores-youcan';
import { hashLinkNonce } from '@tawsil/nest-common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long the owner has between Add Store and YouCan's callback. */
export const LINK_ATTEMPT_LIFETIME_MS = 10 * 60_000;

/** A random OAuth `state`: it names an attempt and carries nothing else. */
export const newState = (): string => randomBytes(32).toString('base64url');

/** PKCE (RFC 7636) S256: the verifier stays with us, its challenge goes in the authorize URL. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface AttemptFacts {
  nonceHash: string;
  expiresAt: Date;
  usedAt?: Date | null;
}

/**
 * Whether a callback may complete this attempt: undefined when it may, else why not. A used
 * attempt says so first (a reload or a replay), whoever brings it.
 */
export function refusalOf(
  attempt: AttemptFacts | null | undefined,
  nonce: string | undefined,
  now = new Date(),
): LinkError | undefined {
  if (!attempt) return 'link_invalid';
  if (attempt.usedAt) return 'link_used';
  if (attempt.expiresAt.getTime() <= now.getTime()) return 'link_expired';
  if (!nonce || !sameHash(hashLinkNonce(nonce), attempt.nonceHash)) return 'link_other_browser';
  return undefined;
}

function sameHash(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'hex');
  const b = Buffer.from(expected, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
