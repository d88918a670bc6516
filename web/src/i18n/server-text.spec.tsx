import { fetchLabels } from '../features/delivery/labels-api';
import { readOrdersPage } from '../features/orders/orders-page-request';
import { ApiError } from '../lib/api-client';
import { fakeResponse } from '../testing/fake-response';
import { i18n } from './i18n';
import { serverText } from './server-text';

/** Runs `check` with the app shown in `language`, then back in English. */
async function inLanguage(language: 'fr' | 'ar', check: () => Promise<void>) {
  await i18n.changeLanguage(language);
  try {
    await check();
  } finally {
    await i18n.changeLanguage('en');
  }
}

const tooShort = {
  message: 'password must be at least 8 characters',
  code: 'validation.failed',
  params: { field: 'password', constraint: 'minLength', rule: 'validation.too_short', min: 8 },
};

describe('What the user reads of a server refusal', () => {
  it('says the rule a refused field broke, with its values, in the user’s language', () =>
    inLanguage('fr', async () => {
      expect(serverText(tooShort)).toBe('password doit contenir au moins 8 caractères');
      // A rule the app does not know: the refusal's own code.
      expect(serverText({ ...tooShort, params: { ...tooShort.params, rule: 'validation.new_rule' } })).toBe(
        "password n'est pas valide",
      );
    }));

  it('keeps the server’s English only for a code the app does not know', () =>
    inLanguage('ar', async () => {
      expect(serverText({ message: 'Something new', code: 'orders.something_new' })).toBe('Something new');
      expect(serverText({ message: 'No code at all' })).toBe('No code at all');
    }));

  it('translates a refused page of orders', () =>
    inLanguage('fr', async () => {
      const refused = await readOrdersPage(
        fakeResponse({
          status: 400,
          body: {
            message: 'The period can cover at most 366 days',
            code: 'statistics.period_too_long',
            params: { days: 366 },
          },
        }),
      ).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).serverMessage).toBe('La période peut couvrir au plus 366 jours');
    }));

  it('translates a refused print of labels', () =>
    inLanguage('fr', async () => {
      global.fetch = jest.fn(async () =>
        fakeResponse({ status: 404, body: { message: 'Not found', code: 'errors.not_found' } }),
      ) as unknown as typeof fetch;
      const refused = await fetchLabels({ saisieId: 'job-1' }).catch((error: unknown) => error);
      expect((refused as ApiError).serverMessage).toBe('Introuvable');
      expect((refused as ApiError).message).toBe('Introuvable');
    }));
});
