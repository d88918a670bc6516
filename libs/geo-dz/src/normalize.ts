/**
 * The comparable form of a place name: lower case, no accents or tatweel, apostrophes and dashes
 * as spaces, single spaces. "Béjaïa", "BEJAIA" and "bejaia" compare equal, as "Bab-Ezzouar" and
 * "BAB EZZOUAR" do.
 */
export function normalizePlaceName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u064B-\u0652\u0640]/g, '')
    .toLowerCase()
    .replace(/[''`´\-_.,/()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
