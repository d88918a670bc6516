import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ar from './locales/ar.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

const FILES = { en, fr, ar } as Record<string, Record<string, unknown>>;
const SOURCE = resolve(__dirname, '..');

/** Every text of a file by its dotted key. */
function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object')
      flatten(value as Record<string, unknown>, path).forEach((v, k) => texts.set(k, v));
    else texts.set(path, String(value));
  }
  return texts;
}

/** "a_one", "a_ordinal_few"…: the forms of "a" each language needs (its plural rules differ). */
const baseKey = (key: string) => key.replace(/(_ordinal)?_(zero|one|two|few|many|other)$/, '');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The keys the code asks for: t('a.b'), i18n.t('a.b') and i18nKey="a.b" as they are; a key built
 * in a template, t(`status.${status}`), as a pattern every key of that shape matches.
 */
function keysInSource(): { literal: Set<string>; patterns: RegExp[] } {
  const literal = new Set<string>();
  const patterns: RegExp[] = [];
  for (const file of sourceFiles(SOURCE)) {
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/\bt\(\s*'([^']+)'|i18nKey="([^"]+)"/g))
      literal.add(match[1] ?? match[2]);
    for (const match of code.matchAll(/\bt\(\s*`([^`]+)`/g)) {
      const shape = match[1]
        .split(/\$\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^]+');
      patterns.push(new RegExp(`^${shape}$`));
    }
  }
  return { literal, patterns };
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]);

describe('The locale files', () => {
  const texts = Object.fromEntries(Object.entries(FILES).map(([lang, tree]) => [lang, flatten(tree)]));
  const { literal, patterns } = keysInSource();

  it('have the same keys in every language', () => {
    const keys = (map: Map<string, string>) => new Set([...map.keys()].map(baseKey));
    const all = new Set(Object.values(texts).flatMap((map) => [...keys(map)]));
    const missing = Object.entries(texts).flatMap(([lang, map]) =>
      [...all].filter((key) => !keys(map).has(key)).map((key) => `${lang}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('have every key the code asks for', () => {
    const known = new Set([...texts.en.keys()].map(baseKey));
    expect([...literal].filter((key) => !known.has(key)).sort()).toEqual([]);
  });

  it('have no key that the code never asks for', () => {
    const unused = [...new Set([...texts.en.keys()].map(baseKey))].filter(
      (key) => !literal.has(key) && !patterns.some((pattern) => pattern.test(key)),
    );
    expect(unused).toEqual([]);
  });

  // A translation may leave a value out ("طلب واحد", one order) but never name one the code does not give.
  it('name no {{value}} that the English text does not', () => {
    const foreign = [...texts.en].flatMap(([key, english]) =>
      ['fr', 'ar']
        .filter((lang) => texts[lang].has(key))
        .filter((lang) => variables(texts[lang].get(key)!).some((name) => !variables(english).includes(name)))
        .map((lang) => `${lang}: ${key}`),
    );
    expect(foreign).toEqual([]);
  });

  it('leave no text empty', () => {
    const empty = Object.entries(texts).flatMap(([lang, map]) =>
      [...map].filter(([, text]) => !text.trim()).map(([key]) => `${lang}: ${key}`),
    );
    expect(empty).toEqual([]);
  });
});
