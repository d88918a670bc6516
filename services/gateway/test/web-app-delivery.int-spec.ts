import { TestSystem } from '@tawsil/testing';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const DIST = resolve(__dirname, '../../../web/dist');

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they crossed the wire, not decompressed. */
  body: Buffer;
}

/** A GET whose body is kept as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', fail);
  });
}

const distFile = (path: string) => readFileSync(join(DIST, path));

describe('The web app on the wire: precompressed files, their caching, compressed JSON', () => {
  let system: TestSystem;
  let entryScript: string;

  beforeAll(async () => {
    system = await TestSystem.start({ services: [] });
    entryScript = /src="\/(assets\/[^"]+\.js)"/.exec(distFile('index.html').toString())![1];
  });
  afterAll(() => system?.stop());

  const url = (path: string) => `${system.gatewayUrl}${path}`;

  it('sends a script as the build compressed it, brotli or gzip by what the browser accepts, cached for a year', async () => {
    const brotli = await rawGet(url(`/${entryScript}`), { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': expect.stringContaining('javascript'),
      'cache-control': 'public, max-age=31536000, immutable',
      vary: expect.stringContaining('accept-encoding'),
    });
    expect(brotli.body.equals(distFile(`${entryScript}.br`))).toBe(true);
    expect(brotli.body.length).toBeLessThan(distFile(entryScript).length / 3);

    const gzip = await rawGet(url(`/${entryScript}`), { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(distFile(`${entryScript}.gz`))).toBe(true);

    const plain = await rawGet(url(`/${entryScript}`), { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.equals(distFile(entryScript))).toBe(true);
  });

  it('sends the page compressed too, asked again at every visit and answered 304 while unchanged', async () => {
    for (const path of ['/orders?status=pending', '/', '/index.html']) {
      const page = await rawGet(url(path), { 'accept-encoding': 'br' });
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expect(page.headers).toMatchObject({
        'content-encoding': 'br',
        'content-type': expect.stringContaining('text/html'),
        'cache-control': 'no-cache',
        vary: expect.stringContaining('accept-encoding'),
      });
      expect(page.body.equals(distFile('index.html.br'))).toBe(true);

      const again = await rawGet(url(path), {
        'accept-encoding': 'br',
        'if-none-match': String(page.headers.etag),
      });
      expect({ path, status: again.status, body: again.body.length }).toEqual({ path, status: 304, body: 0 });
    }
  });

  it('answers 404 for a file the build does not hold, and does not serve the compressed copies as files', async () => {
    for (const path of ['/assets/index-gone.js', `/${entryScript}.br`, '/index.html.gz']) {
      const answer = await rawGet(url(path), { 'accept-encoding': 'br, gzip' });
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
  });

  it('compresses JSON answers of 1 KB and more for a client that takes it, and leaves them plain for one that does not', async () => {
    const path = url('/api/docs/openapi.json');
    const plain = await rawGet(path, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document: unknown = JSON.parse(plain.body.toString());

    const brotli = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers).toMatchObject({
      'content-encoding': 'br',
      vary: expect.stringContaining('accept-encoding'),
    });
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(document);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 4);
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);

    const gzip = await rawGet(path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(document);

    const small = await rawGet(url('/api/users/me'), { 'accept-encoding': 'br' });
    expect(small.status).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({
      message: expect.any(String),
      code: 'auth.token_required',
    });
  });
});
