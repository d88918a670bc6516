import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller answers gain less than the headers and the work cost. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * On a page of orders (30 KB of JSON), quality 3 costs a third of quality 5's time for 3% more
 * bytes (bench/orders-list/README.md); from quality 4 on, brotli turns much slower.
 */
const BROTLI_QUALITY = 3;
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };

/**
 * Below this size an answer is compressed on the event loop: through a worker thread, a page of
 * orders (30 KB) costs 0.14 ms of CPU in all, against 0.09 ms here.
 */
export const COMPRESS_OFF_LOOP_FROM_BYTES = 64 * 1024;

type Encoding = 'br' | 'gzip';

/** The encoding to answer in: brotli when the client takes it, else gzip, else none (`q=0` refuses one). */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  const accepted = new Set(
    (header ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * JSON answers of 1 KB and more go out compressed for the clients that say they take it: a page of
 * 100 orders is a tenth of its size, which a slow mobile network feels more than the gateway feels
 * the work (brotli at a fast setting; large answers off the event loop). Files (streams, precompressed at build
 * time) and the live events' stream are left alone.
 */
export function registerJsonCompression(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES || reply.hasHeader('content-encoding'))
      return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    void reply.header('vary', appendVary(reply.getHeader('vary')));
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compress(payload, encoding);
    void reply.header('content-encoding', encoding);
    void reply.removeHeader('content-length');
    return compressed;
  });
}

export async function compress(payload: string | Buffer, encoding: Encoding): Promise<Buffer> {
  if (Buffer.byteLength(payload) < COMPRESS_OFF_LOOP_FROM_BYTES)
    return encoding === 'br' ? brotliCompressSync(payload, BROTLI_OPTIONS) : gzipSync(payload);
  return encoding === 'br' ? brotliAsync(payload, BROTLI_OPTIONS) : gzipAsync(payload);
}

function appendVary(current: unknown): string {
  const value = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value)) return value;
  return value ? `${value}, accept-encoding` : 'accept-encoding';
}
