import { createHash, randomBytes } from 'node:crypto';

/**
 * The nonce that binds a store-link attempt to the browser that started it: the gateway keeps it
 * in that browser's cookie, the stores service keeps only its hash.
 */
export const newLinkNonce = (): string => randomBytes(32).toString('base64url');

export const hashLinkNonce = (nonce: string): string => createHash('sha256').update(nonce).digest('hex');
