import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sep } from 'node:path';

/** Vite names every file under assets/ by a hash of its content: a new build makes new names. */
const HASHED = `${sep}assets${sep}`;
export const HASHED_FILE_CACHE = 'public, max-age=31536000, immutable';
/** index.html (and any file without a hash): kept, but asked again each time, so a deploy shows at once. */
export const REVALIDATED_FILE_CACHE = 'no-cache';

/**
 * The built web app's files, as the build precompressed them: `x.br` or `x.gz` by the request's
 * Accept-Encoding (`Vary: accept-encoding`), `x` itself to a client that takes neither. Hashed
 * files are cached for a year; the others, index.html first, are revalidated (ETag, 304).
 * Page routes get index.html from WebAppController, through `reply.sendFile`.
 */
export async function registerWebAppFiles(fastify: FastifyInstance, webDistDir: string): Promise<void> {
  await fastify.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are answers to their file's URL, not files of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply: FastifyReply, path: string) => {
      void reply.header('cache-control', path.includes(HASHED) ? HASHED_FILE_CACHE : REVALIDATED_FILE_CACHE);
    },
  });
}
