import { acceptedEncoding } from './json-compression';

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
