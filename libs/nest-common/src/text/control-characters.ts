/**
 * C0 control characters and DEL, except tab, line feed and carriage return. NUL cannot be stored
 * by PostgreSQL at all (it breaks MikroORM's inlined statements), and none of them belongs in a
 * name, an address, a note or a search.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function hasControlCharacters(text: string): boolean {
  CONTROL_CHARACTERS.lastIndex = 0;
  return CONTROL_CHARACTERS.test(text);
}

export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '');
}

/**
 * Half of a UTF-16 surrogate pair without its other half: JSON can carry one (`"\ud800"`), but it
 * is no character, and UTF-8 (PostgreSQL, a carrier's API, an e-mail) cannot hold it.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasLoneSurrogates = (text: string): boolean => LONE_SURROGATE.test(text);

/** The path (`customer.full_name`, `orderIds[2]`) of the first text or key in `value` that fails `test`. */
export function findText(value: unknown, test: (text: string) => boolean, path = ''): string | undefined {
  if (typeof value === 'string') return test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findText(item, test, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [name, item] of Object.entries(value)) {
      if (test(name)) return path ? `${path}.${name}` : name;
      const found = findText(item, test, path ? `${path}.${name}` : name);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The path of the first text in `value` that holds a control character, if any. */
export const findControlCharacters = (value: unknown, path = ''): string | undefined =>
  findText(value, hasControlCharacters, path);

/** Every text in `value`, however deep, without control characters. */
export function stripControlCharactersDeep<T>(value: T): T {
  if (typeof value === 'string') return stripControlCharacters(value) as T;
  if (Array.isArray(value)) return value.map(stripControlCharactersDeep) as T;
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [
        stripControlCharacters(name),
        stripControlCharactersDeep(item),
      ]),
    ) as T;
  return value;
}
