import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { RequireOwner } from '../../app/guards';
import ConfirmateursPage from '../../pages/ConfirmateursPage';
import type { Confirmateur, Invitation } from './api';
import { signInForTest } from '../../testing/sign-in-for-test';
import { callKey, fakeResponse } from '../../testing/fake-response';
import { renderWithProviders } from '../../testing/render-with-providers';

const TOKEN = 'owner-token';
const ALGER = '0b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e51';
const ORAN = '0b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e52';
const store = (_id: string, name: string) => ({
  _id,
  name,
  platform: 'youcan',
  createdAt: '2026-11-20T08:00:00.000Z',
  ordersCount: 0,
  sync: { state: 'synced', imported: 0, total: 0, lastSyncAt: null, lastError: null },
});
const STORES = [store(ALGER, 'souk-alger'), store(ORAN, 'oran-mode')];
const YACINE: Confirmateur = {
  _id: '7c1f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e51',
  name: 'Yacine Agent',
  email: 'yacine@shop.dz',
  stores: [ALGER, ORAN],
};

const PENDING: Invitation = {
  _id: '9d1f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e51',
  storeId: ORAN,
  storeName: 'oran-mode',
  email: 'karim@shop.dz',
  invitedAt: '2026-11-20T08:00:00.000Z',
  expiresAt: '2099-11-27T08:00:00.000Z',
};
const invited = (email: string, storeId = ORAN) => ({
  status: 202,
  body: {
    message: 'Invitation sent: the confirmateur joins the store once they accept it',
    storeId,
    invitation: { ...PENDING, _id: 'a1', storeId, email },
  },
});

type Reply = { status: number; body?: unknown } | 'unreachable';
type Handler = (init: RequestInit | undefined) => Reply;
let routes: Record<string, Handler>;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const key = callKey(input, init);
  const route = routes[key];
  if (!route) throw new Error(`unexpected call ${key}`);
  const reply = route(init);
  return fakeResponse(reply);
});
const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => [
      String(input),
      init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    ]);

function renderPage(type: 'owner' | 'confirmateur' = 'owner') {
  signInForTest({ name: 'Amina', token: TOKEN, type });
  renderWithProviders(
    <Routes>
      <Route
        path="/confirmateurs"
        element={
          <RequireOwner>
            <ConfirmateursPage />
          </RequireOwner>
        }
      />
    </Routes>,
    '/confirmateurs',
  );
}

async function fillAndSubmit(storeName = 'oran-mode', email = 'lydia@shop.dz') {
  await screen.findByRole('option', { name: storeName });
  await userEvent.selectOptions(screen.getByLabelText('Store'), storeName);
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Add Confirmateur' }));
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  routes = {
    'GET /api/stores/youcan': () => ({ status: 200, body: STORES }),
    'GET /api/confirmateur': () => ({ status: 200, body: [YACINE] }),
    'GET /api/confirmateur/invitations': () => ({ status: 200, body: [] }),
  };
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  localStorage.clear();
});

describe('Confirmateurs page', () => {
  it('lists each agent with its email and the names of its stores', async () => {
    renderPage();
    const [item] = await screen.findAllByTestId('confirmateur');
    expect(item.textContent).toContain('Yacine Agent');
    expect(item.textContent).toContain('yacine@shop.dz');
    await within(item).findByText('souk-alger');
    expect(within(item).getByText('oran-mode')).toBeTruthy();
    expect(document.title).toBe('Confirmateurs · Tawsil');
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>).authorization).toBe(
      `Bearer ${TOKEN}`,
    );
  });

  it('says when there is no confirmateur', async () => {
    routes['GET /api/confirmateur'] = () => ({ status: 200, body: [] });
    renderPage();
    expect(await screen.findByText('No confirmateur yet.')).toBeTruthy();
  });

  it('offers the owner’s stores and requires a store and an email, calling nothing otherwise', async () => {
    renderPage();
    await screen.findByRole('option', { name: 'souk-alger' });
    const select = screen.getByLabelText('Store') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Select a store',
      'souk-alger',
      'oran-mode',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Add Confirmateur' }));
    expect(screen.getByText('store is required')).toBeTruthy();
    expect(screen.getByText('email is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'lydia.shop.dz');
    await userEvent.click(screen.getByRole('button', { name: 'Add Confirmateur' }));
    expect(screen.getByText('email must be a valid email address')).toBeTruthy();
    expect(sent('POST')).toEqual([]);
  });

  it('invites an agent to the chosen store, says so and reloads the lists', async () => {
    routes[`POST /api/confirmateur/${ORAN}`] = () => invited('lydia@shop.dz');
    renderPage();
    await fillAndSubmit('oran-mode', ' lydia@shop.dz ');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Confirmateur added successfully!An invitation was e-mailed to lydia@shop.dz. They join the store once they accept it.',
    );
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([input]) => String(input) === '/api/confirmateur/invitations'),
      ).toHaveLength(2),
    );
    expect(sent('POST')).toEqual([[`/api/confirmateur/${ORAN}`, { email: 'lydia@shop.dz' }]]);
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/confirmateur')).toHaveLength(2),
    );
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's message when it refuses", async () => {
    routes[`POST /api/confirmateur/${ORAN}`] = () => ({
      status: 404,
      body: { message: 'No confirmateur registered with this email' },
    });
    renderPage();
    await fillAndSubmit();
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'No confirmateur registered with this email',
    );
    expect(consoleError).toHaveBeenCalled();
  });

  it('says "Failed to add confirmateur." when a refusal has no message', async () => {
    routes[`POST /api/confirmateur/${ORAN}`] = () => ({ status: 500 });
    renderPage();
    await fillAndSubmit();
    expect((await screen.findByTestId('form-error')).textContent).toBe('Failed to add confirmateur.');
  });

  it('says "Error adding confirmateur." when the server cannot be reached', async () => {
    routes[`POST /api/confirmateur/${ORAN}`] = () => 'unreachable';
    renderPage();
    await fillAndSubmit();
    expect((await screen.findByTestId('form-error')).textContent).toBe('Error adding confirmateur.');
  });

  it('sends an Idempotency-Key with each write: the same when the action is retried, a new one for the next', async () => {
    let reachable = false;
    routes[`POST /api/confirmateur/${ORAN}`] = () => (reachable ? invited('lydia@shop.dz') : 'unreachable');
    renderPage();
    await fillAndSubmit('oran-mode', 'lydia@shop.dz');
    await screen.findByTestId('form-error');
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Add Confirmateur' }));
    await screen.findByRole('status');
    await fillAndSubmit('oran-mode', 'lydia@shop.dz');
    await waitFor(() => expect(sent('POST')).toHaveLength(3));

    const headersOf = (method: string) =>
      fetchMock.mock.calls
        .filter(([, init]) => (init?.method ?? 'GET') === method)
        .map(([, init]) => init?.headers as Record<string, string>);
    const [first, retry, next] = headersOf('POST').map((headers) => headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retry).toBe(first);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(first);
    expect(headersOf('GET').every((headers) => !('idempotency-key' in headers))).toBe(true);
  });

  it('removes an agent from one store only after the confirmation', async () => {
    routes[`DELETE /api/confirmateur/${YACINE._id}`] = () => ({
      status: 200,
      body: { confirmateurId: YACINE._id, storeId: ALGER },
    });
    renderPage();
    const remove = await screen.findByRole('button', { name: 'Remove Yacine Agent from souk-alger' });
    await userEvent.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Remove Yacine Agent from souk-alger' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to remove this confirmateur from this store?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE')).toEqual([]);

    routes['GET /api/confirmateur'] = () => ({ status: 200, body: [{ ...YACINE, stores: [ORAN] }] });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Yacine Agent from souk-alger' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Yacine Agent from souk-alger' })).toBeNull(),
    );
    expect(sent('DELETE')).toEqual([[`/api/confirmateur/${YACINE._id}`, { storeId: ALGER }]]);
  });

  it('shows a red line and logs when the list cannot be loaded', async () => {
    routes['GET /api/confirmateur'] = () => ({ status: 500 });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load your confirmateurs.');
    expect(consoleError).toHaveBeenCalled();
  });

  it('lists pending invitations, resends one and revokes one', async () => {
    const expired = { ...PENDING, _id: 'b2', email: 'old@shop.dz', expiresAt: '2020-01-01T00:00:00.000Z' };
    let pending = [PENDING, expired];
    routes['GET /api/confirmateur/invitations'] = () => ({ status: 200, body: pending });
    routes[`POST /api/confirmateur/invitations/${expired._id}/resend`] = () => ({
      status: 202,
      body: expired,
    });
    routes[`DELETE /api/confirmateur/invitations/${PENDING._id}`] = () => {
      pending = [expired];
      return { status: 200, body: PENDING };
    };
    renderPage();
    const items = await screen.findAllByTestId('invitation');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('karim@shop.dz'),
      expect.stringContaining('Expired'),
    ]);
    expect(items[0].textContent).toContain('oran-mode');

    await userEvent.click(screen.getByRole('button', { name: 'Resend the invitation to old@shop.dz' }));
    expect((await screen.findByText('Invitation sent again to old@shop.dz.')).getAttribute('role')).toBe(
      'status',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to karim@shop.dz' }));
    await screen.findByText('Invitation to karim@shop.dz revoked.');
    await waitFor(() => expect(screen.getAllByTestId('invitation')).toHaveLength(1));
    expect(sent('POST').map(([path]) => path)).toEqual([
      `/api/confirmateur/invitations/${expired._id}/resend`,
    ]);
  });

  it('is not for confirmateurs', async () => {
    renderPage('confirmateur');
    expect(await screen.findByText(/Not allowed/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
