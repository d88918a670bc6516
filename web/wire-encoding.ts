import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * How the gateway sends the app's files: brotli to browsers that take it (every browser over
 * HTTPS), gzip to the others. Compressed once at build time, at the strongest settings, since
 * the gateway then only picks a file.
 */
export const brotli = (data: string | Uint8Array): Buffer =>
  brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(data),
    },
  });
export const gzip = (data: string | Uint8Array): Buffer => gzipSync(data, { level: 9 });

/** Formats that are compressed already: a second pass would only add bytes. */
const COMPRESSED = /\.(br|gz|png|jpe?g|gif|webp|avif|woff2?)$/;

/** Writes `<file>.br` and `<file>.gz` beside every file of the build (html, scripts, styles, data). */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle({ dir }) {
      if (!dir) return;
      const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
        (entry) => entry.isFile() && !COMPRESSED.test(entry.name),
      );
      for (const entry of files) {
        const path = join(entry.parentPath, entry.name);
        const data = readFileSync(path);
        writeFileSync(`${path}.br`, brotli(data));
        writeFileSync(`${path}.gz`, gzip(data));
      }
    },
  };
}
