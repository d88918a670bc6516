import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { acceptedEncoding, compress, COMPRESS_OFF_LOOP_FROM_BYTES } from './json-compression';

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['*', 'gzip'],
    ['BR', 'br'],
    ['identity', undefined],
    ['gzip;q=0, br;q=0.0', undefined],
    [undefined, undefined],
  ])('answers %s with %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('compress', () => {
  const page = (bytes: number) =>
    JSON.stringify(
      Array.from({ length: Math.ceil(bytes / 60) }, (_, i) => ({
        ref: String(i).padStart(7, '0'),
        name: `Client ${i}`,
      })),
    );

  it.each([
    ['a page of orders', page(30 * 1024)],
    ['an answer large enough to leave the event loop', page(2 * COMPRESS_OFF_LOOP_FROM_BYTES)],
  ])('%s reads back whole from brotli and from gzip, a fraction of its size', async (_, json) => {
    const [br, gzip] = [await compress(json, 'br'), await compress(json, 'gzip')];
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(gunzipSync(gzip).toString()).toBe(json);
    expect(br.length).toBeLessThan(json.length / 4);
  });
});
