import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { getAccessToken, setAccessToken } from '../../lib/access-token';
import { signInForTest } from '../../testing/sign-in-for-test';
import InvitationPage from '../../pages/InvitationPage';
import { callKey, fakeResponse } from '../../testing/fake-response';
import { renderWithProviders } from '../../testing/render-with-providers';

const TOKEN = 'k'.repeat(43);
const PREVIEW = {
  email: 'yacine@shop.dz',
  storeName: 'souk-alger',
  invitedBy: 'Amina Benali',
  expiresAt: '2099-11-27T08:00:00.000Z',
  state: 'pending',
  hasAccount: false,
};

type Reply = { status: number; body?: unknown };
let routes: Record<string, (body: unknown) => Reply>;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const key = callKey(input, init);
  const route = routes[key];
  if (!route) throw new Error(`unexpected call ${key}`);
  const reply = route(init?.body ? JSON.parse(String(init.body)) : undefined);
  return fakeResponse(reply);
});
const bodiesSentTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input) === path)
    .map(([, init]) => JSON.parse(String(init?.body)));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function renderPage(signedIn?: { name: string; type: 'owner' | 'confirmateur' }) {
  if (signedIn) signInForTest({ ...signedIn, token: 'agent-token' });
  renderWithProviders(
    <Routes>
      <Route path="/invitations/:token" element={<InvitationPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    `/invitations/${TOKEN}`,
  );
}

beforeEach(() => {
  routes = { 'POST /api/invitations/open': () => ({ status: 200, body: PREVIEW }) };
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
});
afterEach(() => {
  localStorage.clear();
  setAccessToken(undefined);
});

describe('Invitation page', () => {
  it('says who invites whom to which store, sending the token in the body only', async () => {
    renderPage();
    expect((await screen.findByText(/invites/)).textContent).toBe(
      'Amina Benali invites yacine@shop.dz to confirm orders for the store souk-alger.',
    );
    expect(bodiesSentTo('/api/invitations/open')).toEqual([{ token: TOKEN }]);
    expect(document.title).toBe('Invitation · Tawsil');
  });

  it('lets someone without an account register with the invited address, then signs them in', async () => {
    routes['POST /api/invitations/register'] = () => ({
      status: 201,
      body: { _id: 'u1', name: 'Yacine', email: PREVIEW.email, type: 'confirmateur', token: 'new-token' },
    });
    renderPage();
    const email = (await screen.findByLabelText('Email address')) as HTMLInputElement;
    expect([email.value, email.readOnly]).toEqual([PREVIEW.email, true]);
    await userEvent.type(screen.getByLabelText('Full Name'), ' Yacine ');
    await userEvent.type(screen.getByLabelText('Password'), 'appel-client');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account and join' }));
    expect((await screen.findByTestId('where')).textContent).toContain('/dashboard');
    // In the language the page was shown in (English in these tests).
    expect(bodiesSentTo('/api/invitations/register')).toEqual([
      { token: TOKEN, name: 'Yacine', password: 'appel-client', language: 'en' },
    ]);
    // Signed in as a sign-in leaves it: the token in memory, only who is signed in in storage.
    expect(getAccessToken()).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('tawsil.user')!)).toMatchObject({ name: 'Yacine' });
    expect(localStorage.getItem('tawsil.user')).not.toContain('new-token');
  });

  it("shows the server's refusal of a registration in the red box", async () => {
    routes['POST /api/invitations/register'] = () => ({
      status: 400,
      body: { message: 'password is too common: choose one that is not on lists of known passwords' },
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Full Name'), 'Yacine');
    await userEvent.type(screen.getByLabelText('Password'), 'qwertyuiop');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account and join' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'password is too common: choose one that is not on lists of known passwords',
    );
  });

  it('sends someone with an account to sign in, coming back here after', async () => {
    routes['POST /api/invitations/open'] = () => ({ status: 200, body: { ...PREVIEW, hasAccount: true } });
    renderPage();
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in as yacine@shop.dz to accept' }));
    expect(screen.getByTestId('where').textContent).toBe(`/login {"from":"/invitations/${TOKEN}"}`);
  });

  it('lets a signed-in agent accept, then opens the orders', async () => {
    routes['POST /api/invitations/accept'] = () => ({
      status: 200,
      body: { message: 'Invitation accepted', storeId: 's1', storeName: 'souk-alger' },
    });
    renderPage({ name: 'Yacine', type: 'confirmateur' });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect((await screen.findByTestId('where')).textContent).toContain('/orders');
    expect(bodiesSentTo('/api/invitations/accept')).toEqual([{ token: TOKEN }]);
  });

  it("shows why an account cannot accept, in the server's words", async () => {
    routes['POST /api/invitations/accept'] = () => ({
      status: 403,
      body: { message: 'This invitation was sent to yacine@shop.dz: sign in with that address to accept it' },
    });
    renderPage({ name: 'Omar', type: 'confirmateur' });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'This invitation was sent to yacine@shop.dz: sign in with that address to accept it',
    );
  });

  it.each([
    ['revoked', 'This invitation was withdrawn by the store owner.'],
    ['expired', 'This invitation has expired: ask the store owner to send it again.'],
    ['accepted', 'This invitation was already accepted.'],
  ])('says a %s invitation cannot be used', async (state, text) => {
    routes['POST /api/invitations/open'] = () => ({ status: 200, body: { ...PREVIEW, state } });
    renderPage();
    expect((await screen.findByTestId('form-error')).textContent).toBe(text);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when a link is not valid', async () => {
    routes['POST /api/invitations/open'] = () => ({
      status: 404,
      body: { message: 'This invitation link is not valid: ask the store owner for a new one' },
    });
    renderPage();
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'This invitation link is not valid: ask the store owner for a new one',
    );
  });
});
