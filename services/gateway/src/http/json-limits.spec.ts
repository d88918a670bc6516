import { JSON_LIMITS, JsonBodyError, nestsDeeperThan, parseJsonWithLimits } from './json-limits';

const refusal = (raw: string | Buffer, limits = JSON_LIMITS) => {
  try {
    parseJsonWithLimits(raw, limits);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(JsonBodyError);
    const { statusCode, message } = error as JsonBodyError;
    return { statusCode, message };
  }
};

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('parseJsonWithLimits', () => {
  it('parses ordinary bodies, as text or bytes', () => {
    expect(parseJsonWithLimits('{"name":"Amina","tags":["a",{"b":[1]}]}')).toEqual({
      name: 'Amina',
      tags: ['a', { b: [1] }],
    });
    expect(parseJsonWithLimits(Buffer.from('{"wilaya":"الجزائر"}'))).toEqual({ wilaya: 'الجزائر' });
  });

  it('accepts exactly 32 levels and refuses 33 with a 400 naming the problem', () => {
    expect(parseJsonWithLimits(nested(32))).toBeDefined();
    expect(refusal(nested(33))).toEqual({
      statusCode: 400,
      message: 'The JSON body is nested deeper than 32 levels',
    });
  });

  it('refuses a hostile 400 KB nested array quickly, without overflowing the stack', () => {
    const started = performance.now();
    expect(refusal(nested(200_000))?.statusCode).toBe(400);
    expect(refusal('['.repeat(1_000_000))?.statusCode).toBe(400);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ note: '[[[[{{{{'.repeat(20), quote: 'say \\"[[[[" and [' });
    expect(nestsDeeperThan(text, 2)).toBe(false);
    expect(parseJsonWithLimits(text)).toEqual(JSON.parse(text));
  });

  it('refuses a body over the size limit with 413', () => {
    const big = JSON.stringify({ text: 'x'.repeat(JSON_LIMITS.maxBytes) });
    expect(refusal(big)).toEqual({ statusCode: 413, message: 'The body is larger than the 1 MB allowed' });
    expect(refusal('"éé"', { maxDepth: 32, maxBytes: 5 })?.statusCode).toBe(413);
  });

  it('refuses empty, malformed and prototype-polluting bodies with 400', () => {
    expect(refusal('  ')).toEqual({ statusCode: 400, message: 'The body is empty: send a JSON value' });
    expect(refusal('{"a":')?.message).toMatch(/^The body is not valid JSON: /);
    expect(refusal('{"password":secret-word}')?.message).not.toContain('secret-word');
    expect(refusal('{"__proto__":{"admin":true}}')?.statusCode).toBe(400);
    expect(refusal('{"constructor":{"prototype":{"admin":true}}}')?.statusCode).toBe(400);
  });
});
