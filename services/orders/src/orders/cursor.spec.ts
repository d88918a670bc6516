import { ServiceError } from '@tawsil/nest-common';
import { decodeCursor, encodeCursor } from './cursor';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

const refusalOf = (text: string) => {
  try {
    decodeCursor(text);
  } catch (error) {
    return error instanceof ServiceError ? `${error.status} ${error.message}` : error;
  }
  return 'accepted';
};

const raw = (text: string) => Buffer.from(text).toString('base64url');

describe('The orders list cursor', () => {
  it('brings the next page back to the order it stopped at', () => {
    const cursor = { orderDate: '2026-11-20T08:15:30.000Z', id: ID };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/); // safe in a query string as is
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it('reads any date the database wrote as the same instant', () => {
    expect(decodeCursor(raw(`2026-11-20 09:15:30+01|${ID}`))).toEqual({
      orderDate: '2026-11-20T08:15:30.000Z',
      id: ID,
    });
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['an empty text', ''],
    ['no id', raw('2026-11-20T08:15:30.000Z')],
    ['an id that is not a UUID', raw('2026-11-20T08:15:30.000Z|42')],
    ['a date that is not one', raw(`yesterday|${ID}`)],
    ['a third part', raw(`2026-11-20T08:15:30.000Z|${ID}|x`)],
  ])('refuses %s with a 400 naming the cursor', (_, text) => {
    expect(refusalOf(text)).toBe('400 cursor is not one this API gave');
  });
});
