/** An Algerian number in the one form the product stores: a mobile (05/06/07 + 8 digits) or a landline (0[2-4] + 7 digits). */
export const NORMALIZED_PHONE = /^(?:0[567]\d{8}|0[234]\d{7})$/;

/** What customers and stores put between digits: spaces, dashes, dots, slashes and parentheses. */
const SEPARATORS = /[\s\-./()]/g;

/** The number without its country code (+213, 00213 or 213), or undefined when it has another one. */
function nationalPart(compact: string): string | undefined {
  if (compact.startsWith('+')) return compact.startsWith('+213') ? compact.slice(4) : undefined;
  if (compact.startsWith('00')) return compact.startsWith('00213') ? compact.slice(5) : undefined;
  // A bare 213 is a country code only when what follows is a whole national number.
  if (compact.startsWith('213') && compact.length >= 11) return compact.slice(3);
  return compact;
}

/**
 * The customer's phone as 0XXXXXXXXX: "+213 555 12-34-56", "00213 (0)555.12.34.56", "213555123456"
 * and "0555 12 34 56" are all "0555123456"; "021 23 45 67" is "021234567". Anything that is not
 * an Algerian number once written so is kept exactly as typed.
 */
export function normalizePhone(typed: string): string {
  const compact = typed.trim().replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return typed;
  const national = nationalPart(compact);
  if (national === undefined) return typed;
  const local = national.startsWith('0') ? national : `0${national}`;
  return NORMALIZED_PHONE.test(local) ? local : typed;
}

/**
 * What a search for a phone looks for in the stored numbers: a whole number in any of its forms
 * becomes 0XXXXXXXXX; a piece of one ("+213 555 12", "0555 12") loses its separators and country
 * code. Undefined when the text is not a phone number (then it is searched as words).
 */
export function phoneSearchTerm(query: string): string | undefined {
  const compact = query.trim().replace(SEPARATORS, '');
  if (!/^\+?\d{4,}$/.test(compact)) return undefined;
  const whole = normalizePhone(compact);
  if (NORMALIZED_PHONE.test(whole)) return whole;
  return compact.replace(/^(?:\+213|00213)/, '');
}
