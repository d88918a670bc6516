import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from './wire-encoding';

describe('precompress', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'wire-'));
    mkdirSync(join(dist, 'assets'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  const writeBundle = (dir: string) =>
    (precompress().writeBundle as unknown as (options: { dir: string }) => void)({ dir });

  it('writes a brotli and a gzip copy of every file of the build, which decompress to it', () => {
    const script = 'export const greeting = "salam";\n'.repeat(200);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), script);

    writeBundle(dist);

    expect(readdirSync(join(dist, 'assets')).sort()).toEqual([
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
    ]);
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'index-abc.js.br'))).toString()).toBe(
      script,
    );
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'index-abc.js.gz'))).toString()).toBe(script);
    expect(readFileSync(join(dist, 'assets', 'index-abc.js.br')).length).toBeLessThan(script.length / 10);
    expect(readdirSync(dist).sort()).toEqual(['assets', 'index.html', 'index.html.br', 'index.html.gz']);
  });

  it('leaves images and fonts that are compressed already as they are', () => {
    writeFileSync(join(dist, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(dist, 'assets', 'font.woff2'), Buffer.from([1, 2, 3]));

    writeBundle(dist);

    expect(readdirSync(join(dist, 'assets')).sort()).toEqual(['font.woff2', 'logo.png']);
  });
});
