import {
  findControlCharacters,
  findText,
  hasLoneSurrogates,
  stripControlCharacters,
  stripControlCharactersDeep,
} from './control-characters';

describe('control characters', () => {
  it('removes NUL, the other C0 codes and DEL, keeping tabs, line breaks and every script', () => {
    expect(stripControlCharacters('Am\u0000ina\u0007 \u001b[31mB\u007Fenali')).toBe('Amina [31mBenali');
    expect(stripControlCharacters('line one\r\nline\ttwo')).toBe('line one\r\nline\ttwo');
    expect(stripControlCharacters('الجزائر — Tizi Ouzou')).toBe('الجزائر — Tizi Ouzou');
  });

  it('names the first field that holds one, however deep', () => {
    expect(findControlCharacters({ name: 'ok', customer: { full_name: 'A\u0000' } })).toBe(
      'customer.full_name',
    );
    expect(findControlCharacters({ orderIds: ['a', 'b\u0001'] })).toBe('orderIds[1]');
    expect(findControlCharacters('x\u0000', 'q')).toBe('q');
    expect(findControlCharacters({ note: 'two\nlines' })).toBeUndefined();
  });

  it('cleans a whole object without touching numbers, nulls or dates', () => {
    const date = new Date();
    expect(stripControlCharactersDeep({ a: 'x\u0000y', n: 3, z: null, d: date, list: ['\u0002k'] })).toEqual({
      a: 'xy',
      n: 3,
      z: null,
      d: date,
      list: ['k'],
    });
  });
});

describe('Half a surrogate pair', () => {
  it('is found alone, never in a whole pair', () => {
    expect(hasLoneSurrogates('a\ud800b')).toBe(true);
    expect(hasLoneSurrogates('a\udc00')).toBe(true);
    expect(hasLoneSurrogates('😀 أمينة')).toBe(false);
    expect(findText({ customer: { city: ['ok', 'x\udfff'] } }, hasLoneSurrogates)).toBe('customer.city[1]');
  });
});
