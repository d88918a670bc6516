import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Directives = Record<string, string[]>;

/**
 * The web app's policy: every script, style, image, font and connection from the gateway itself,
 * nothing inline, never framed. The built app needs nothing more: Vite emits no inline script, and
 * React sets `style={...}` through the CSSOM, which a CSP does not govern.
 */
export const APP_CSP: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Swagger UI at /api/docs draws its icons as data: images and sets style attributes. */
export const API_DOCS_CSP: Directives = {
  ...APP_CSP,
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
};

const HSTS = 'max-age=31536000; includeSubDomains';

const helmetOptions = (directives: Directives): FastifyHelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Sent by the hook below, and only over TLS: a plain-HTTP answer must not pin HTTPS.
  strictTransportSecurity: false,
});

/** Swagger UI's page and files. */
const isApiDocs = (request: FastifyRequest) => /^\/api\/docs(?:[/?.]|$)/.test(request.url);

/**
 * Security headers on every answer of the public listener: pages, files, API answers, errors and
 * 404s (Helmet's hooks run on every request, before any route or error handler).
 */
export async function registerSecurityHeaders(fastify: FastifyInstance): Promise<void> {
  await fastify.register(helmet, helmetOptions(APP_CSP));
  const docsPolicy = cspHeader(API_DOCS_CSP);
  fastify.addHook('onRequest', (request, reply, done) => {
    if (isApiDocs(request)) void reply.header('content-security-policy', docsPolicy);
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done();
  });
}

/**
 * The operators' queue dashboard (Bull Board, internal port): its page has a `<base href>`, a
 * loading placeholder drawn with style attributes and a `<style>` element, so it needs `base-uri
 * 'self'` and inline styles; scripts stay the dashboard's own files only.
 */
export const DASHBOARD_CSP: Directives = {
  ...APP_CSP,
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'base-uri': ["'self'"],
};

export async function registerDashboardSecurityHeaders(scope: FastifyInstance): Promise<void> {
  await scope.register(helmet, helmetOptions(DASHBOARD_CSP));
}

/** As Helmet writes it. */
export function cspHeader(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}
