import { hashLinkNonce, newLinkNonce } from '@tawsil/nest-common';
import { createHash } from 'node:crypto';
import { LINK_ATTEMPT_LIFETIME_MS, newState, pkcePair, refusalOf } from './link-attempt-rules';

describe('store-link attempt rules', () => {
  const nonce = newLinkNonce();
  const now = new Date('2026-11-26T10:00:00Z');
  const fresh = {
    nonceHash: hashLinkNonce(nonce),
    expiresAt: new Date(now.getTime() + LINK_ATTEMPT_LIFETIME_MS),
    usedAt: null,
  };

  it('lets the browser holding the nonce complete a fresh, unused attempt', () => {
    expect(refusalOf(fresh, nonce, now)).toBeUndefined();
  });

  it('refuses another browser: no cookie, another attempt’s nonce, or garbage', () => {
    for (const other of [undefined, '', newLinkNonce(), fresh.nonceHash, 'not-base64 at all'])
      expect(refusalOf(fresh, other, now)).toBe('link_other_browser');
  });

  it('refuses a used attempt as used, even from the right browser or once expired', () => {
    const used = { ...fresh, usedAt: now };
    expect(refusalOf(used, nonce, now)).toBe('link_used');
    expect(refusalOf({ ...used, expiresAt: new Date(0) }, undefined, now)).toBe('link_used');
  });

  it('refuses an attempt ten minutes old, and an unknown state', () => {
    const tenMinutesLater = new Date(now.getTime() + LINK_ATTEMPT_LIFETIME_MS);
    expect(refusalOf(fresh, nonce, tenMinutesLater)).toBe('link_expired');
    expect(refusalOf(null, nonce, now)).toBe('link_invalid');
  });

  it('keeps only a hash of the nonce, and nonces and states never repeat', () => {
    expect(fresh.nonceHash).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh.nonceHash).not.toContain(nonce);
    expect(new Set(Array.from({ length: 100 }, newLinkNonce)).size).toBe(100);
    expect(new Set(Array.from({ length: 100 }, newState)).size).toBe(100);
    expect(Buffer.from(newLinkNonce(), 'base64url')).toHaveLength(32);
  });

  it('makes a PKCE S256 pair: the challenge is the base64url SHA-256 of a 64-character verifier', () => {
    const { verifier, challenge } = pkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(pkcePair().verifier).not.toBe(verifier);
  });
});
