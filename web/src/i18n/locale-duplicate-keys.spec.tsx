import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The dotted keys a JSON text names twice in one object. JSON.parse keeps the last silently, so a
 * merge that adds the same key in two places would lose a translation without any other test
 * noticing.
 */
function duplicateKeys(text: string): string[] {
  const objects: { path: string; keys: Set<string> }[] = [];
  const duplicates: string[] = [];
  let lastString = '';
  let lastKeyPath = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      lastString = JSON.parse(text.slice(i, end + 1)) as string;
      i = end;
    } else if (char === ':') {
      const current = objects[objects.length - 1];
      lastKeyPath = current.path ? `${current.path}.${lastString}` : lastString;
      if (current.keys.has(lastString)) duplicates.push(lastKeyPath);
      current.keys.add(lastString);
    } else if (char === '{') {
      objects.push({ path: objects.length ? lastKeyPath : '', keys: new Set() });
    } else if (char === '}') {
      objects.pop();
    }
  }
  return duplicates;
}

describe('The locale files', () => {
  it('finds a key named twice in one object, however deep', () => {
    expect(duplicateKeys('{"a": {"b": "x", "c": "{y}", "b": "z"}, "d": "\\"b\\": 1", "a2": 1}')).toEqual([
      'a.b',
    ]);
    expect(duplicateKeys('{"a": {"b": 1}, "c": {"b": 2}}')).toEqual([]);
  });

  it.each(['en', 'fr', 'ar'])('%s.json names each key once', (language) => {
    const text = readFileSync(join(__dirname, 'locales', `${language}.json`), 'utf8');
    expect(duplicateKeys(text)).toEqual([]);
  });
});
