import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie that binds a store-link attempt to the browser that started it (docs/security.md). */
export const LINK_COOKIE = 'tawsil_store_link';

/** Sent back only to YouCan's redirect, never to the rest of the API. */
const CALLBACK_PATH = '/api/stores/youcan/callback';
const LIFETIME_SECONDS = 10 * 60;

/**
 * HttpOnly: scripts never read it. SameSite=Lax: sent on YouCan's top-level redirect, not on a
 * request another site makes in the background. Secure whenever the browser came over TLS.
 */
const cookieOptions = (request: FastifyRequest) => ({
  path: CALLBACK_PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
});

export function setLinkCookie(request: FastifyRequest, reply: FastifyReply, nonce: string): void {
  reply.setCookie(LINK_COOKIE, nonce, { ...cookieOptions(request), maxAge: LIFETIME_SECONDS });
}

export function clearLinkCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(LINK_COOKIE, cookieOptions(request));
}
