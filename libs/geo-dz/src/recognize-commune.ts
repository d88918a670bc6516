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

/** The edit distance of a and b when it is at most `limit`, else Infinity (stops as soon as it must exceed it). */
function distanceWithin(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1);
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (current[j] < rowBest) rowBest = current[j];
    }
    if (rowBest > limit) return Infinity;
    previous = current;
  }
  return previous[b.length] <= limit ? previous[b.length] : Infinity;
}

/** Typing slips allowed for a name of this length: none for short names, where one letter makes another town. */
const tolerance = (key: string) => (key.length >= 9 ? 2 : key.length >= 5 ? 1 : 0);

function match(key: string, communes: KeyedCommune[]): Commune | undefined {
  if (!key) return undefined;
  // "Boufarik centre", "Oran Es Seddikia": the commune, then more of the address (the longest name wins).
  let prefixed: { commune: Commune; length: number } | undefined;
  for (const entry of communes)
    for (const name of entry.keys) {
      if (name === key) return entry.commune;
      if (name.length >= 4 && key.startsWith(name) && name.length > (prefixed?.length ?? 0))
        prefixed = { commune: entry.commune, length: name.length };
    }
  if (prefixed) return prefixed.commune;
  let best: { commune: Commune; distance: number } | undefined;
  let tied = false;
  for (const entry of communes)
    for (const name of entry.keys) {
      const distance = distanceWithin(key, name, Math.min(tolerance(key), tolerance(name)));
      if (distance === Infinity) continue;
      if (!best || distance < best.distance) [best, tied] = [{ commune: entry.commune, distance }, false];
      else if (distance === best.distance && best.commune !== entry.commune) tied = true;
    }
  return best && !tied ? best.commune : undefined;
}

/** Cities repeat: the answers for the latest few thousand (wilaya, city) pairs are kept. */
const ANSWERS = new Map<string, Commune | null>();
const ANSWERS_MAX = 5_000;

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
  const asked = `${wilayaCode}|${city}`;
  const known = ANSWERS.get(asked);
  if (known !== undefined) return known ?? undefined;
  const communes = keyedCommunesOf(wilayaCode);
  let found: Commune | undefined;
  for (const part of new Set([city, ...city.split(/[,;/|\n]| - /)])) {
    found = match(placeKey(part), communes);
    if (found) break;
  }
  if (ANSWERS.size >= ANSWERS_MAX) ANSWERS.delete(ANSWERS.keys().next().value as string);
  ANSWERS.set(asked, found ?? null);
  return found;
}
