import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RequireAuth } from '../../app/guards';
import { i18n } from '../../i18n/i18n';
import ar from '../../i18n/locales/ar.json';
import fr from '../../i18n/locales/fr.json';
import { getAccessToken, setAccessToken } from '../../lib/access-token';
import { api } from '../../lib/api-client';
import { SessionProvider } from '../../lib/session';
import AccountPage from '../../pages/AccountPage';
import ForgotPasswordPage from '../../pages/ForgotPasswordPage';
import LoginPage from '../../pages/LoginPage';
import ResetPasswordPage from '../../pages/ResetPasswordPage';
import { signInForTest } from '../../testing/sign-in-for-test';
import { callKey, fakeResponse } from '../../testing/fake-response';

/** A token whose payload says when it expires, as the app reads it. */
const tokenExpiringIn = (seconds: number, label = 'token') =>
  `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds, label }))}.s`;
const TOKEN = tokenExpiringIn(900, 'first');

type Reply = { status: number; body?: unknown };
let routes: Record<string, (init: RequestInit | undefined) => Reply>;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const key = callKey(input, init);
  const route = routes[key];
  if (!route) throw new Error(`unexpected call ${key}`);
  const { status, body } = route(init);
  return fakeResponse({ status, body });
});
const calls = (key: string) => fetchMock.mock.calls.filter(([input, init]) => callKey(input, init) === key);
const bodyOf = (key: string) => JSON.parse(String(calls(key)[0][1]?.body)) as unknown;
const headersOf = (key: string, index = 0) => calls(key)[index][1]?.headers as Record<string, string>;

function renderAt(path: string) {
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route
            path="/account"
            element={
              <RequireAuth>
                <AccountPage />
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  setAccessToken(undefined);
  fetchMock.mockClear();
  routes = {};
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe('Sign-in page', () => {
  it('links to the forgotten-password page', () => {
    renderAt('/login');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});

describe('Account page', () => {
  it('changes the password with the current one and says the other devices are signed out', async () => {
    signInForTest({ name: 'Amina', type: 'owner', token: TOKEN });
    routes['POST /api/auth/password'] = () => ({
      status: 200,
      body: { message: 'Password changed', endedSessions: 2 },
    });
    renderAt('/account');
    await userEvent.type(screen.getByLabelText('Current password'), 'souk-el-fellah');
    await userEvent.type(screen.getByLabelText('New password'), 'a-much-better-one');
    await userEvent.type(screen.getByLabelText('New password again'), 'a-much-better-one');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Password changed. You are signed out on every other device.',
    );
    expect(bodyOf('POST /api/auth/password')).toEqual({
      currentPassword: 'souk-el-fellah',
      newPassword: 'a-much-better-one',
    });
    expect(headersOf('POST /api/auth/password').authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('checks the new password before sending, and shows the server refusal', async () => {
    signInForTest({ name: 'Amina', type: 'owner', token: TOKEN });
    routes['POST /api/auth/password'] = () => ({
      status: 400,
      body: { message: 'The current password is not correct' },
    });
    renderAt('/account');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('New password again'), 'shorter');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('current password is required')).toBeTruthy();
    expect(screen.getByText('password must be at least 10 characters')).toBeTruthy();
    expect(screen.getByText('the two passwords differ')).toBeTruthy();
    expect(calls('POST /api/auth/password')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-one');
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'a-much-better-one');
    await userEvent.clear(screen.getByLabelText('New password again'));
    await userEvent.type(screen.getByLabelText('New password again'), 'a-much-better-one');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe('The current password is not correct');
  });

  it('signs out everywhere and goes to the sign-in page, forgetting the user and the token', async () => {
    signInForTest({ name: 'Amina', type: 'owner', token: TOKEN });
    routes['POST /api/auth/sign-out-everywhere'] = () => ({ status: 204 });
    renderAt('/account');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(calls('POST /api/auth/sign-out-everywhere')).toHaveLength(1);
    expect(localStorage.getItem('tawsil.user')).toBeNull();
    expect(getAccessToken()).toBeUndefined();
  });
});

describe('Forgot-password page', () => {
  it('sends the address and shows the same answer whatever it is', async () => {
    const message =
      'If an account uses this address, an e-mail with a link to choose a new password is on its way';
    routes['POST /api/auth/forgot-password'] = () => ({ status: 202, body: { message } });
    renderAt('/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByText('email is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email address'), ' amina@shop.dz ');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toBe(message);
    expect(bodyOf('POST /api/auth/forgot-password')).toEqual({ email: 'amina@shop.dz' });
  });
});

/** Runs `check` with the app shown in `language`, then back in English. */
async function inLanguage(language: 'fr' | 'ar', check: () => Promise<void>) {
  await i18n.changeLanguage(language);
  try {
    await check();
  } finally {
    await i18n.changeLanguage('en');
  }
}

describe('Forgot-password and reset-password pages in French and Arabic', () => {
  it.each([
    ['fr', fr],
    ['ar', ar],
  ] as const)(
    'say the link is on its way and the password changed in %s, not in the server’s English',
    (language, texts) =>
      inLanguage(language, async () => {
        routes['POST /api/auth/forgot-password'] = () => ({
          status: 202,
          body: {
            message:
              'If an account uses this address, an e-mail with a link to choose a new password is on its way',
          },
        });
        routes['POST /api/auth/reset-password'] = () => ({
          status: 200,
          body: { message: 'Password changed: sign in with the new one' },
        });
        renderAt('/forgot-password');
        await userEvent.type(screen.getByLabelText(texts.auth.email), 'amina@shop.dz');
        await userEvent.click(screen.getByRole('button', { name: texts.forgot.send }));
        expect((await screen.findByRole('status')).textContent).toBe(texts.forgot.sent);
        cleanup();

        renderAt('/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
        await userEvent.type(screen.getByLabelText(texts.account.new_password), 'chosen-after-reset');
        await userEvent.type(screen.getByLabelText(texts.account.new_password_again), 'chosen-after-reset');
        await userEvent.click(screen.getByRole('button', { name: texts.reset.submit }));
        expect((await screen.findByRole('status')).textContent).toBe(texts.reset.done);
      }),
  );
});

describe('Reset-password page', () => {
  it("sets the new password with the link's token", async () => {
    routes['POST /api/auth/reset-password'] = () => ({
      status: 200,
      body: { message: 'Password changed: sign in with the new one' },
    });
    renderAt('/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    await userEvent.type(screen.getByLabelText('New password'), 'chosen-after-reset');
    await userEvent.type(screen.getByLabelText('New password again'), 'chosen-after-reset');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Password changed: sign in with the new one',
    );
    expect(bodyOf('POST /api/auth/reset-password')).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      password: 'chosen-after-reset',
    });
  });

  it('shows why a used or expired link is refused, and offers a new one', async () => {
    routes['POST /api/auth/reset-password'] = () => ({
      status: 400,
      body: { message: 'This reset link is invalid, used or expired: ask for a new one' },
    });
    renderAt('/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    await userEvent.type(screen.getByLabelText('New password'), 'chosen-after-reset');
    await userEvent.type(screen.getByLabelText('New password again'), 'chosen-after-reset');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'This reset link is invalid, used or expired: ask for a new one',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('says so when the link has no token', () => {
    renderAt('/reset-password');
    expect(screen.getByTestId('form-error').textContent).toContain('no reset token');
  });
});

describe('Access token in memory', () => {
  it('keeps no token in storage, and gets one from the refresh cookie after a reload', async () => {
    localStorage.setItem(
      'tawsil.user',
      JSON.stringify({ name: 'Amina', type: 'owner', token: 'left-by-an-old-version' }),
    );
    const renewed = tokenExpiringIn(900, 'renewed');
    routes['POST /api/auth/refresh'] = () => ({
      status: 200,
      body: { _id: 'u1', name: 'Amina', email: 'amina@shop.dz', type: 'owner', token: renewed },
    });
    renderAt('/account');
    await waitFor(() => expect(getAccessToken()).toBe(renewed));
    expect(JSON.parse(localStorage.getItem('tawsil.user')!)).toEqual({
      _id: 'u1',
      name: 'Amina',
      email: 'amina@shop.dz',
      type: 'owner',
    });
    expect(await screen.findByText('Amina · amina@shop.dz')).toBeTruthy();
  });

  it('renews an expired token once on a 401 and sends the call again with the new one', async () => {
    signInForTest({ name: 'Amina', type: 'owner', token: TOKEN });
    const renewed = tokenExpiringIn(900, 'renewed');
    routes['GET /api/users/me'] = (init) =>
      (init?.headers as Record<string, string>).authorization === `Bearer ${renewed}`
        ? { status: 200, body: { _id: 'u1', name: 'Amina', type: 'owner' } }
        : { status: 401, body: { message: 'Sign in to continue: a valid bearer token is required' } };
    routes['POST /api/auth/refresh'] = () => ({
      status: 200,
      body: { _id: 'u1', name: 'Amina', email: 'amina@shop.dz', type: 'owner', token: renewed },
    });
    await expect(api('/api/users/me')).resolves.toEqual({ _id: 'u1', name: 'Amina', type: 'owner' });
    expect(calls('GET /api/users/me')).toHaveLength(2);
    expect(calls('POST /api/auth/refresh')).toHaveLength(1);
  });

  it('signs the user out when the session has ended (the refresh is refused)', async () => {
    signInForTest({ name: 'Amina', type: 'owner', token: TOKEN });
    routes['GET /api/users/me'] = () => ({ status: 401, body: { message: 'Sign in to continue' } });
    routes['POST /api/auth/refresh'] = () => ({
      status: 401,
      body: { message: 'Your session has ended: sign in again' },
    });
    renderAt('/account');
    await act(async () => {
      await expect(api('/api/users/me')).rejects.toMatchObject({ status: 401 });
    });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(localStorage.getItem('tawsil.user')).toBeNull();
  });
});
