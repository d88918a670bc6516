import type { FastifyInstance } from 'fastify';
import { JSON_LIMITS, parseJsonWithLimits } from './json-limits';

/**
 * The one JSON parser of every route: size and depth limited (json-limits.ts), keeping the raw
 * bytes as `request.rawBody` for routes that check a signature over them. Nest's own parser is
 * off (`bodyParser: false`), so this one is not doubled.
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: JSON_LIMITS.maxBytes },
    (request, body, done) => {
      (request as { rawBody?: Buffer }).rawBody = body as Buffer;
      try {
        done(null, parseJsonWithLimits(body, JSON_LIMITS));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
