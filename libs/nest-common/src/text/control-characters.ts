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

/** The path (`customer.full_name`, `orderIds[2]`) of the first text in `value` that holds one, if any. */
export function findControlCharacters(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return hasControlCharacters(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacters(item, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [name, item] of Object.entries(value)) {
      if (hasControlCharacters(name)) return path ? `${path}.${name}` : name;
      const found = findControlCharacters(item, path ? `${path}.${name}` : name);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

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
