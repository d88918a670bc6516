import { normalizePlaceName } from './normalize';
import { communesOf, type Commune } from './wilayas';

/** Articles that come and go in transliteration: "Bordj El Kiffan" is "Bordj Kiffan", "Es Senia" is "Senia". */
const ARTICLES = new Set(['el', 'al', 'l', 'es', 'ez', 'ed', 'en', 'er', 'et']);

/** Latin spellings of one Arabic sound, and the Arabic letters written several ways, made one. */
const SPELLINGS: [RegExp, string][] = [
  [/dj/g, 'j'],
  [/ou/g, 'u'],
  [/ch/g, 'sh'],
  [/kh/g, 'k'],
  [/gh/g, 'g'],
  [/q/g, 'k'],
  [/y/g, 'i'],
  [/[أإآ]/g, 'ا'],
  [/ة/g, 'ه'],
  [/ى/g, 'ي'],
  [/(.)\1+/g, '$1'],
];

/**
 * The sound of a place name, for comparing spellings: "Bab-Ezzouar", "BAB EZZOUAR" and "Babezouar"
 * have one key, so do "Bordj El Kiffan", "Bordj Elkiffan" and "bordj kiffan".
 */
export function placeKey(text: string): string {
  const words = normalizePlaceName(text).replace(/\d+/g, ' ').split(' ').filter(Boolean);
  // Articles standing alone or glued on ("Bir Eldjir"); a name that is only one word keeps them.
  const kept =
    words.length > 1
      ? words.filter((word) => !ARTICLES.has(word)).map((word) => word.replace(/^(?:el|al)(?=.{3})/, ''))
      : words;
  return SPELLINGS.reduce((key, [pattern, sound]) => key.replace(pattern, sound), kept.join(''));
}

interface KeyedCommune {
  commune: Commune;
  keys: string[];
}

const KEYED = new Map<number, KeyedCommune[]>();
function keyedCommunesOf(wilayaCode: number): KeyedCommune[] {
  let keyed = KEYED.get(wilayaCode);
  if (!keyed) {
    keyed = communesOf(wilayaCode).map((commune) => ({
      commune,
      keys: [placeKey(commune.name), placeKey(commune.nameAr)].filter(Boolean),
    }));
    KEYED.set(wilayaCode, keyed);
  }
  return keyed;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length];
}

/** Typing slips allowed for a name of this length: none for short names, where one letter makes another town. */
const tolerance = (key: string) => (key.length >= 9 ? 2 : key.length >= 5 ? 1 : 0);

function match(key: string, communes: KeyedCommune[]): Commune | undefined {
  if (!key) return undefined;
  const exact = communes.find((entry) => entry.keys.includes(key));
  if (exact) return exact.commune;
  // "Boufarik centre", "Oran Es Seddikia": the commune, then more of the address.
  const prefixed = communes
    .flatMap((entry) =>
      entry.keys.filter((name) => name.length >= 4 && key.startsWith(name)).map((name) => ({ entry, name })),
    )
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (prefixed) return prefixed.entry.commune;
  let best: { commune: Commune; distance: number } | undefined;
  let tied = false;
  for (const entry of communes)
    for (const name of entry.keys) {
      const distance = editDistance(key, name);
      if (distance > Math.min(tolerance(key), tolerance(name))) continue;
      if (!best || distance < best.distance) [best, tied] = [{ commune: entry.commune, distance }, false];
      else if (distance === best.distance && best.commune !== entry.commune) tied = true;
    }
  return best && !tied ? best.commune : undefined;
}

/**
 * The commune of the wilaya that a freely typed city names, or undefined when none can be told
 * apart: accents, case, dashes, articles, common transliterations ("Dj"/"J", "Ou"/"U"), Arabic,
 * a postal code or the rest of the address after it, and a typing slip are all forgiven.
 */
export function recognizeCommune(
  wilayaCode: number | null | undefined,
  city: string | null | undefined,
): Commune | undefined {
  if (!wilayaCode || !city?.trim()) return undefined;
  const communes = keyedCommunesOf(wilayaCode);
  const parts = [city, ...city.split(/[,;/|\n]| - /)];
  for (const part of parts) {
    const found = match(placeKey(part), communes);
    if (found) return found;
  }
  return undefined;
}
