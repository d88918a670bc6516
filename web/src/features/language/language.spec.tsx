import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browserLanguage } from '../../i18n/detect';
import { i18n, switchLanguage } from '../../i18n/i18n';
import fr from '../../i18n/locales/fr.json';
import { serverText } from '../../i18n/server-text';
import { callKey, fakeResponse, type FakeReply } from '../../testing/fake-response';
import { renderWithProviders } from '../../testing/render-with-providers';
import { signInForTest } from '../../testing/sign-in-for-test';
import { LanguagePicker } from './LanguagePicker';

let reply: FakeReply;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  if (callKey(input, init) !== 'PUT /api/users/me/language')
    throw new Error(`unexpected ${callKey(input, init)}`);
  return fakeResponse(reply);
});

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
  reply = { status: 200, body: { _id: 'u1', name: 'Amina', type: 'owner', language: 'ar' } };
});
afterEach(() => switchLanguage('en'));

describe("The browser's language", () => {
  it.each([
    [['ar-DZ', 'fr'], 'ar'],
    [['en-US', 'ar'], 'en'],
    [['fr-FR', 'en'], 'fr'],
    [['de-DE', 'en-GB'], 'en'],
    [['de-DE', 'es'], 'fr'],
    [[], 'fr'],
  ])('%j opens the app in %s', (wanted, language) => {
    expect(browserLanguage(wanted)).toBe(language);
  });
});

describe('A refusal from the server', () => {
  it('reads in the user’s language when the app knows its code', async () => {
    await switchLanguage('fr');
    const body = { message: 'Karim is on this order', code: 'orders.claimed_by', params: { name: 'Karim' } };
    expect(serverText(body)).toBe(fr.server.orders.claimed_by.replace('{{name}}', 'Karim'));
  });

  it('keeps the server’s English message for a code the app does not know, or none', () => {
    expect(serverText({ message: 'Something new', code: 'orders.something_new' })).toBe('Something new');
    expect(serverText({ message: 'No code at all' })).toBe('No code at all');
  });
});

describe('The language picker', () => {
  it('switches the whole page to Arabic, right to left, and stores the choice with the user', async () => {
    signInForTest({ name: 'Amina', type: 'owner', token: 'owner-token' });
    renderWithProviders(<LanguagePicker />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');

    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(i18n.language).toBe('ar');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ language: 'ar' });
    expect(JSON.parse(localStorage.getItem('tawsil.user')!)).toMatchObject({ language: 'ar' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so, in the new language, when the server did not keep the choice', async () => {
    reply = { status: 503, body: { message: 'Service unavailable' } };
    signInForTest({ name: 'Amina', type: 'owner', token: 'owner-token' });
    renderWithProviders(<LanguagePicker />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');

    expect((await screen.findByRole('alert')).textContent).toBe(fr.language.not_saved);
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('switches a signed-out visitor at once and keeps the choice on this browser only', async () => {
    renderWithProviders(<LanguagePicker />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');

    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(localStorage.getItem('tawsil.language')).toBe('fr');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
