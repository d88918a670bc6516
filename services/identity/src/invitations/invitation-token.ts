import { createHash, randomBytes } from 'node:crypto';

/** A link's secret: 256 random bits, base64url (43 characters). */
export const newInvitationToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256 (the token is random, so no salt is needed). */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');
