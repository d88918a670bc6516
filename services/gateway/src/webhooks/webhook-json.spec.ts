import { BadRequestException } from '@nestjs/common';
import { nestsDeeperThan, parseWebhookBody } from './webhook-json';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const messageOf = (raw: string) => {
  try {
    parseWebhookBody(Buffer.from(raw));
    return 'parsed';
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as Error).message;
  }
};

describe('Webhook body', () => {
  it('parses an order with brackets and quotes inside its texts', () => {
    const order = { id: 'a1', notes: '"[[[[{{{{" \\ ]]', customer: { full_name: 'عطر [x]' } };
    expect(parseWebhookBody(Buffer.from(JSON.stringify(order)))).toEqual(order);
  });

  it('counts depth outside strings only, up to the limit and no further', () => {
    expect(nestsDeeperThan(Buffer.from(nested(32)), 32)).toBe(false);
    expect(nestsDeeperThan(Buffer.from(nested(33)), 32)).toBe(true);
    expect(nestsDeeperThan(Buffer.from(JSON.stringify({ a: '['.repeat(100) })), 32)).toBe(false);
    expect(nestsDeeperThan(Buffer.from(JSON.stringify({ a: '\\"[[[' + '['.repeat(40) })), 32)).toBe(false);
  });

  it('refuses a deep, broken or non-object body with a message naming the problem', () => {
    expect(messageOf(`{"a":${nested(40)}}`)).toBe('The webhook body nests deeper than 32 levels');
    expect(messageOf('{"id":')).toBe('The webhook body is not valid JSON');
    expect(messageOf('[1,2]')).toBe('The webhook body must be a JSON object');
    expect(messageOf('null')).toBe('The webhook body must be a JSON object');
  });

  it('refuses 400 KB of nesting in a few milliseconds', () => {
    const started = performance.now();
    expect(messageOf(nested(200_000))).toMatch(/deeper than 32/);
    expect(performance.now() - started).toBeLessThan(20);
  });
});
