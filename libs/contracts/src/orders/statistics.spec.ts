import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATISTICS_DEFINITIONS } from './statistics';

/** The web app's definitions of the figures (`stats.definition`) in one language. */
const definitionsIn = (language: string): Record<string, unknown> =>
  (
    JSON.parse(
      readFileSync(join(__dirname, '../../../../web/src/i18n/locales', `${language}.json`), 'utf8'),
    ) as { stats: { definition: Record<string, unknown> } }
  ).stats.definition;

describe('The statistics definitions', () => {
  it('say in the web app’s English what the server sends API clients, word for word', () => {
    expect(definitionsIn('en')).toEqual(STATISTICS_DEFINITIONS);
  });

  it.each(['fr', 'ar'])('are all in the web app’s %s', (language) => {
    const texts = definitionsIn(language);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(STATISTICS_DEFINITIONS).sort());
    for (const text of Object.values(texts)) expect(typeof text === 'string' && text.trim()).toBeTruthy();
  });
});
