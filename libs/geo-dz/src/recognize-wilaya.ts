import { normalizePlaceName } from './normalize';
import { WILAYAS, wilayaByCode, type Wilaya } from './wilayas';

/** Names sellers' customers type that are not the official French or Arabic one. */
const ALIASES: Record<string, number> = {
  algiers: 16,
  'el djazair': 16,
  dzayer: 16,
  wahran: 31,
  qacentina: 25,
  'tizi ouzou': 15,
  'bordj bou arreridj': 34,
  bba: 34,
  'sidi bel abbes': 22,
  sba: 22,
  'oum el bouaghi': 4,
  'ain temouchent': 46,
  'ain defla': 44,
  naama: 45,
  'el oued': 39,
  souf: 39,
  msila: 28,
  tamanghasset: 11,
  bejaia: 6,
  bougie: 6,
};

/** Spaces ignored too: "Tizi Ouzou", "Tizi-Ouzou" and "TiziOuzou" are one name. */
const key = (name: string) => normalizePlaceName(name).replace(/\s/g, '');

const BY_NAME = new Map<string, number>();
for (const wilaya of WILAYAS) {
  BY_NAME.set(key(wilaya.name), wilaya.code);
  BY_NAME.set(key(wilaya.nameAr), wilaya.code);
}
for (const [alias, code] of Object.entries(ALIASES)) BY_NAME.set(key(alias), code);

const PREFIXES = /^(wilaya|wilayat|ولاية)\s+(de\s+|d\s+|of\s+)?/;

/**
 * The wilaya a freely typed region names, or undefined when it cannot be told: "Alger", "alger",
 * "Algiers", "الجزائر", "16", "16 - Alger" and "Wilaya d'Alger" are all wilaya 16. A leading code
 * wins over the name that follows it.
 */
export function recognizeWilaya(text: string | null | undefined): Wilaya | undefined {
  if (!text) return undefined;
  const normalized = normalizePlaceName(text);
  const leadingCode = /^0?(\d{1,2})(\s|$)/.exec(normalized);
  if (leadingCode) return wilayaByCode(Number(leadingCode[1]));
  const code = BY_NAME.get(key(normalized.replace(PREFIXES, '')));
  return code === undefined ? undefined : wilayaByCode(code);
}
