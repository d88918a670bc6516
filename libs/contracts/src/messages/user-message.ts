import { MESSAGES, type CodedMessage, type MessageCode, type MessageParams } from './catalogue';

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The English text of a code, its `{{param}}` filled in (a missing parameter stays as it is). */
export function userMessage(code: MessageCode, params: MessageParams = {}): string {
  return MESSAGES[code].replace(PLACEHOLDER, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A code with its parameters and English text, as a ServiceError or a stored reason carries it. */
export function coded(code: MessageCode, params?: MessageParams): CodedMessage {
  return params ? { code, params, message: userMessage(code, params) } : { code, message: userMessage(code) };
}

/** The names of a template's `{{param}}`s, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]);
}

interface Pattern {
  code: MessageCode;
  names: string[];
  regex: RegExp;
  literalLength: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Codes never read from just any text: `validation.failed` goes with the pipe's own words, and
 * the saisie's catch-alls would read texts that are no saisie reason (`describeMessage(text,
 * 'saisie.reason.')` reads `saisie.reason.carrier_refused`).
 */
export const GIVEN_ONLY_CODES: MessageCode[] = [
  'validation.failed',
  'saisie.reason.carrier_refused',
  'saisie.reason.other',
];

let patterns: Pattern[] | undefined;

/**
 * Templates with the most fixed text first: the more specific one wins when two could match, and a
 * text without parameters before any template that could also read it.
 */
function allPatterns(): Pattern[] {
  patterns ??= (Object.entries(MESSAGES) as [MessageCode, string][])
    .map(([code, template]) => {
      const parts = template.split(PLACEHOLDER);
      // split() with a capturing group alternates literal text and parameter names.
      const literals = parts.filter((_, index) => index % 2 === 0);
      const source = parts.map((part, index) => (index % 2 === 0 ? escapeRegex(part) : '(.*?)')).join('');
      return {
        code,
        names: placeholdersOf(template),
        regex: new RegExp(`^${source}$`, 's'),
        literalLength: literals.join('').length,
      };
    })
    .sort((a, b) => b.literalLength - a.literalLength);
  return patterns;
}

/**
 * The code and parameters of an English text the catalogue holds, found from the text itself: a
 * refusal written in English anywhere in the services carries its code without naming it twice.
 * Undefined for a text the catalogue does not hold. `within` reads only the codes of one family
 * (`saisie.reason.`), its catch-alls too.
 */
export function describeMessage(message: string, within?: string): CodedMessage | undefined {
  const candidates = within
    ? allPatterns().filter(({ code }) => code.startsWith(within) && !code.endsWith('.other'))
    : allPatterns().filter(({ code }) => !GIVEN_ONLY_CODES.includes(code));
  for (const { code, names, regex } of candidates) {
    const match = regex.exec(message);
    if (!match) continue;
    if (names.length === 0) return { code, message };
    const params = Object.fromEntries(names.map((name, index) => [name, match[index + 1]]));
    return { code, params, message };
  }
  return undefined;
}
