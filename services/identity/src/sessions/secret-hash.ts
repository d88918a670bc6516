import { createHash, randomBytes } from 'node:crypto';

/** SHA-256, base64url: refresh secrets and reset tokens are random, so a fast hash is enough. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** 32 random bytes, base64url: a reset token or a refresh secret. */
export const newSecret = (): string => randomBytes(32).toString('base64url');
