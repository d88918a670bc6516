import type { FastifyReply, FastifyRequest } from 'fastify';

/** The refresh cookie: HttpOnly, sent only to the auth routes, only by this site. */
export const REFRESH_COOKIE = 'tawsil_refresh';
const PATH = '/api/auth';
const MAX_AGE_S = 30 * 24 * 3600;

const FORMAT = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/** The session id and refresh secret the cookie holds, when it holds a well-formed pair. */
export function readRefreshCookie(
  request: FastifyRequest,
): { sessionId: string; secret: string } | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== REFRESH_COOKIE) continue;
    const match = FORMAT.exec(decodeURIComponent(rest.join('=')));
    if (match) return { sessionId: match[1], secret: match[2] };
  }
  return undefined;
}

function attributes(request: FastifyRequest): string {
  // Secure when the browser reached us over TLS (directly, or at the ingress when TRUST_PROXY is set).
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `Path=${PATH}; HttpOnly; SameSite=Strict${secure}`;
}

export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  secret: string,
): void {
  void reply.header(
    'set-cookie',
    `${REFRESH_COOKIE}=${sessionId}.${secret}; Max-Age=${MAX_AGE_S}; ${attributes(request)}`,
  );
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('set-cookie', `${REFRESH_COOKIE}=; Max-Age=0; ${attributes(request)}`);
}
