import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES, type MessageCode } from './catalogue';
import { coded, describeMessage, GIVEN_ONLY_CODES, placeholdersOf, userMessage } from './user-message';

const CODES = Object.keys(MESSAGES) as MessageCode[];
const LOCALES = ['en', 'fr', 'ar'] as const;

const localeFile = (language: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(join(__dirname, '../../../../web/src/i18n/locales', `${language}.json`), 'utf8'),
  ) as Record<string, unknown>;

/** The text at `server.<code>`, dots read as nested objects as i18next reads them. */
function serverText(locale: Record<string, unknown>, code: string): unknown {
  return ['server', ...code.split('.')].reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    locale,
  );
}

describe('The message catalogue', () => {
  it('renders a code in English with its parameters', () => {
    expect(userMessage('orders.claimed_by', { name: 'Karim' })).toBe('Karim is on this order');
    expect(coded('statistics.period_too_long', { days: 366 })).toEqual({
      code: 'statistics.period_too_long',
      params: { days: 366 },
      message: 'The period can cover at most 366 days',
    });
  });

  it('finds the code and parameters of an English text it holds', () => {
    expect(describeMessage('Order not found')).toEqual({
      code: 'orders.not_found',
      message: 'Order not found',
    });
    expect(describeMessage('desk "Bab Ezzouar" is not a stop desk of Alger')).toMatchObject({
      code: 'orders.desk_unknown',
      params: { desk: 'Bab Ezzouar', wilaya: 'Alger' },
    });
    expect(describeMessage("variants must list the order's 1 product line")).toMatchObject({
      code: 'orders.variants_count_one',
      params: { count: '1' },
    });
    expect(describeMessage("variants must list the order's 3 product lines")).toMatchObject({
      code: 'orders.variants_count_other',
      params: { count: '3' },
    });
    expect(describeMessage('Something no one wrote')).toBeUndefined();
    // A family's catch-all reads only when asked for that family.
    expect(describeMessage('cursor: bad')).toBeUndefined();
    expect(describeMessage('ZR Express: Wilaya fermée', 'saisie.reason.')).toMatchObject({
      code: 'saisie.reason.carrier_refused',
      params: { carrier: 'ZR Express', reason: 'Wilaya fermée' },
    });
  });

  it.each(CODES.filter((code) => !GIVEN_ONLY_CODES.includes(code)))(
    'reads %s back from its own English text, and no other code',
    (code) => {
      const params = Object.fromEntries(placeholdersOf(MESSAGES[code]).map((name, i) => [name, `v${i}`]));
      expect(describeMessage(userMessage(code, params))).toMatchObject({ code });
    },
  );

  it('keeps every English text a single line without stray braces', () => {
    for (const code of CODES) expect(MESSAGES[code].replace(/\{\{\w+\}\}/g, '')).not.toMatch(/[{}\n]/);
  });
});

describe.each(LOCALES)('The %s locale file', (language) => {
  const locale = localeFile(language);

  it.each(CODES)(`has server.%s with the catalogue's placeholders`, (code) => {
    const text = serverText(locale, code);
    expect(typeof text).toBe('string');
    expect(placeholdersOf(text as string).sort()).toEqual(placeholdersOf(MESSAGES[code]).sort());
  });

  it('has no server key the catalogue does not hold', () => {
    const keys = (node: unknown, path: string): string[] =>
      node && typeof node === 'object'
        ? Object.entries(node).flatMap(([key, child]) => keys(child, path ? `${path}.${key}` : key))
        : [path];
    expect(keys(locale.server, '').filter((key) => !(key in MESSAGES))).toEqual([]);
  });

  if (language === 'en')
    it.each(CODES)('says %s in the English of the catalogue', (code) => {
      expect(serverText(locale, code)).toBe(MESSAGES[code]);
    });
});
