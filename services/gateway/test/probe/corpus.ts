/**
 * The probe's fixed corpus: for each kind of value an OpenAPI schema asks for, the values that are
 * wrong for it. Nothing random: the same cases run in the same order every time.
 */

export interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
  example?: unknown;
  allOf?: Schema[];
  oneOf?: Schema[];
}

/** A JSON value nested `depth` levels deep, past the gateway's limit of 32. */
export const deep = (depth = 40): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

export const HUGE = 'x'.repeat(100_000);
export const CONTROL = ['a\u0000b', 'a\u0007b', '\u001b[31m'];
/** A lone surrogate: JSON can carry it (`"\ud800"`), UTF-8 cannot. */
export const LONE_SURROGATE = 'a\ud800b';
export const NON_LATIN = ['١٢٣', 'أمينة', '\u200b'];

/** What every kind of field is never: the other JSON types. */
const others = (type: string): unknown[] => {
  const all: Record<string, unknown[]> = {
    string: ['text'],
    number: [42, -1.5],
    boolean: [true, false],
    array: [[], ['x']],
    object: [{}, { a: 1 }],
  };
  const kind = type === 'integer' ? 'number' : type;
  return Object.entries(all)
    .filter(([name]) => name !== kind)
    .flatMap(([, values]) => values);
};

/** The wrong values for a field of this schema; null unless the schema says it may be null. */
export function wrongValues(schema: Schema): unknown[] {
  const base = [...(schema.nullable ? [] : [null]), deep()];
  if (schema.enum)
    return [
      ...base,
      ...others('string'),
      'not-one-of-them',
      '',
      ...CONTROL,
      LONE_SURROGATE,
      NON_LATIN[0],
      HUGE,
    ];
  switch (schema.type) {
    case 'string': {
      const text = [...CONTROL, LONE_SURROGATE, HUGE];
      const formatted = ['not-valid', '', NON_LATIN[0], NON_LATIN[2], '1e309', 'NaN', 'true', 'null'];
      return [...base, ...others('string'), ...text, ...(schema.format ? formatted : [])];
    }
    case 'number':
    case 'integer':
      return [
        ...base,
        ...others('number'),
        '5',
        NON_LATIN[0],
        'NaN',
        'Infinity',
        1e308,
        -1e308,
        ...(schema.minimum !== undefined ? [schema.minimum - 1] : []),
        ...(schema.maximum !== undefined ? [schema.maximum + 1] : []),
        ...(schema.minimum !== undefined && Number.isInteger(schema.minimum) ? [schema.minimum + 0.5] : []),
      ];
    case 'boolean':
      return [...base, ...others('boolean'), 'true', 'false', 'yes', 1, 0];
    case 'array':
      return [
        ...base,
        ...others('array'),
        [null],
        [deep()],
        ...(schema.items?.type !== 'string' ? ['x'] : [[42], [true], [{}], [HUGE]]),
        ...(schema.maxItems
          ? [Array(schema.maxItems + 1).fill(schema.items?.type === 'object' ? {} : 'x')]
          : []),
      ];
    case 'object':
    default:
      return [...base, ...others('object')];
  }
}

/** What the whole body of a route is never: any JSON value but an object, and broken JSON. */
export const WRONG_BODIES: { name: string; raw: string }[] = [
  { name: 'null', raw: 'null' },
  { name: 'an array', raw: '[]' },
  { name: 'an array of objects', raw: '[{}]' },
  { name: 'a string', raw: '"text"' },
  { name: 'a number', raw: '42' },
  { name: 'true', raw: 'true' },
  { name: 'deep nesting', raw: JSON.stringify(deep(100)) },
  { name: 'broken JSON', raw: '{"a":' },
  { name: 'a lone surrogate key', raw: '{"\\ud800":1}' },
  { name: '__proto__', raw: '{"__proto__":{"admin":true}}' },
];

/** Path ids that are never anyone's: malformed, or well formed and unknown. */
export const WRONG_IDS = [
  'not-an-id',
  '0',
  '-1',
  'null',
  'true',
  '%5B%5D',
  '%7B%7D',
  '1e309',
  'NaN',
  '%00',
  '%07',
  encodeURIComponent(NON_LATIN[0]),
  '%ED%A0%80', // a lone surrogate written as UTF-8 bytes: not UTF-8
  '%FF',
  'x'.repeat(90),
  '00000000-0000-0000-0000-000000000000',
  '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', // a version 4 UUID nobody holds
  '3F1C2D4E-5A6B-4C7D-8E9F-0A1B2C3D4E5F',
];

/** Query values wrong for a parameter of this schema (already URL-encoded). */
export function wrongQueryValues(schema: Schema): string[] {
  const text = ['%00', '%07', 'x'.repeat(5_000)];
  if (schema.enum || schema.format)
    return [...text, ...BAD_UTF8, 'not-valid', encodeURIComponent(NON_LATIN[0]), 'null', 'true', '%5B%5D'];
  if (schema.type === 'number' || schema.type === 'integer')
    return [
      ...text,
      ...BAD_UTF8,
      'abc',
      'null',
      'true',
      'NaN',
      'Infinity',
      '1e309',
      '-1',
      '0.5',
      '99999999999999999999',
      encodeURIComponent(NON_LATIN[0]),
    ];
  return text;
}

/**
 * Bytes that are not UTF-8 in a query. The gateway's query parser keeps them as written ("%FF"),
 * so in free text they are a search for those characters: never a 5xx, but not wrong.
 */
export const BAD_UTF8 = ['%ED%A0%80', '%FF'];
