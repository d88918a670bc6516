import type { onRequestHookHandler } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * HTTP basic authentication against one user and password. Both sides are hashed first so the
 * comparison takes the same time whatever was sent; a bearer token is never a way in.
 */
export function basicAuth(user: string, password: string, realm: string): onRequestHookHandler {
  const expected = digest(`${user}:${password}`);
  return (request, reply, done) => {
    const header = request.headers.authorization ?? '';
    const given = /^Basic /i.test(header) ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    if (timingSafeEqual(digest(given), expected)) return done();
    void reply
      .code(401)
      .header('www-authenticate', `Basic realm="${realm}", charset="UTF-8"`)
      .send({ message: 'Authentication required' });
  };
}
