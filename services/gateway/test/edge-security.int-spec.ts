import { registerUser, TestSystem, type TestUser } from '@tawsil/testing';

const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

const TOO_DEEP = {
  message: 'The JSON body is nested deeper than 32 levels',
  code: 'errors.json_too_deep',
  params: { max: '32' },
};
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** What every answer of the public port carries, whatever answered it. */
function expectSecurityHeaders(headers: Headers, csp = APP_CSP) {
  expect({
    csp: headers.get('content-security-policy'),
    nosniff: headers.get('x-content-type-options'),
    frames: headers.get('x-frame-options'),
    referrer: headers.get('referrer-policy'),
    hsts: headers.get('strict-transport-security'),
  }).toEqual({
    csp,
    nosniff: 'nosniff',
    frames: 'DENY',
    referrer: 'strict-origin-when-cross-origin',
    hsts: null,
  });
}

describe('The edge of the gateway: headers and body limits', () => {
  let system: TestSystem;
  let owner: TestUser;

  beforeAll(async () => {
    // TRUST_PROXY: the gateway sits behind a TLS-terminating proxy on this machine that says so in X-Forwarded-Proto.
    system = await TestSystem.start({ services: ['identity'], env: { TRUST_PROXY: '127.0.0.1,::1' } });
    owner = await registerUser(system, 'Amina Edge');
  });
  afterAll(() => system?.stop());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${system.gatewayUrl}${path}`, { headers });

  describe('security headers', () => {
    it('are on the app page, its files, API answers, errors and 404s', async () => {
      const page = await get('/dashboard');
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<div id="root">');
      // The built page loads its scripts and styles as files: nothing inline for the CSP to refuse.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/<style|style="/);
      expectSecurityHeaders(page.headers);

      const script = html.match(/src="(\/assets\/[^"]+\.js)"/)![1];
      const asset = await get(script);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toContain('javascript');
      expectSecurityHeaders(asset.headers);

      const me = await get('/api/users/me', { authorization: `Bearer ${owner.token}` });
      expect(me.status).toBe(200);
      expectSecurityHeaders(me.headers);

      const refused = await get('/api/users/me');
      expect(refused.status).toBe(401);
      expectSecurityHeaders(refused.headers);

      const invalid = await system.request('POST', '/api/users/login', { email: 'nope' });
      expect(invalid.status).toBe(400);
      expectSecurityHeaders(invalid.headers);

      for (const missing of ['/api/nothing-here', '/favicon.ico']) {
        const answer = await get(missing);
        expect({ missing, status: answer.status }).toEqual({ missing, status: 404 });
        expectSecurityHeaders(answer.headers);
      }
    });

    it('let the API docs draw their icons and styles, and nothing more', async () => {
      const docs = await get('/api/docs');
      expect(docs.status).toBe(200);
      expectSecurityHeaders(
        docs.headers,
        APP_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace(
          "img-src 'self'",
          "img-src 'self' data:",
        ),
      );
    });

    it('pin HTTPS only on answers served over TLS', async () => {
      const overTls = await get('/api/users/me', { 'x-forwarded-proto': 'https' });
      expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect((await get('/api/users/me')).headers.get('strict-transport-security')).toBeNull();
    });
  });

  describe('JSON bodies', () => {
    it('nested deeper than 32 levels answer 400 naming the problem, on public and signed-in routes', async () => {
      const login = await system.request('POST', '/api/users/login', `{"email":${nested(33)}}`);
      expect(login.status).toBe(400);
      expect(login.body).toEqual(TOO_DEEP);
      expectSecurityHeaders(login.headers);

      const settings = await system.request(
        'PUT',
        '/api/orders/settings/00000000-0000-4000-8000-000000000000',
        `{"maxAttempts":${nested(40)}}`,
        owner.token,
      );
      expect(settings.status).toBe(400);
      expect(settings.body).toEqual(TOO_DEEP);
    });

    it('answer a hostile 400 KB nested array with 400 quickly, or 401 unread at the webhook without its key', async () => {
      const started = performance.now();
      const expected = {
        '/api/users/login': 400,
        '/api/orders/queue/next': 400,
        // The webhook checks its store key before it reads a byte (webhook-replay.int-spec.ts signs one).
        '/api/webhooks/youcan': 401,
      };
      for (const [path, status] of Object.entries(expected))
        expect({
          path,
          status: (await system.request('POST', path, nested(200_000), owner.token)).status,
        }).toEqual({ path, status });
      expect(performance.now() - started).toBeLessThan(2_000);
    });

    it('over 1 MB answer 413 saying so, and a body at the limit still goes through', async () => {
      const tooLarge = await system.request('POST', '/api/users/login', {
        email: 'a@b.dz',
        password: 'x'.repeat(1_048_576),
      });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body).toEqual({
        message: 'The body is larger than the 1 MB allowed',
        code: 'errors.body_too_large',
        params: { size: '1 MB' },
      });

      const padded = JSON.stringify({ email: 'amina@shop.dz', password: 'wrong-password', pad: '' });
      const atLimit = padded.replace('"pad":""', `"pad":"${'x'.repeat(1_048_576 - padded.length)}"`);
      expect(Buffer.byteLength(atLimit)).toBe(1_048_576);
      // Read, parsed and checked: only the password is wrong.
      expect((await system.request('POST', '/api/users/login', atLimit)).status).toBe(401);
    });

    it('that are not JSON, or empty, answer 400', async () => {
      const broken = await system.request('POST', '/api/users/login', '{"email":');
      expect(broken.status).toBe(400);
      expect(broken.body.message).toMatch(/^The body is not valid JSON/);
      const polluted = await system.request('POST', '/api/users/login', '{"__proto__":{"admin":true}}');
      expect(polluted.status).toBe(400);
    });
  });
});
