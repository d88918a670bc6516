import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useNavigationType } from 'react-router';
import { RequireOwner } from '../../app/guards';
import LinkStorePage from '../../pages/LinkStorePage';
import type { Store } from './api';
import { sendBrowserTo } from './redirect';
import { signInForTest } from '../../testing/sign-in-for-test';
import { callKey, fakeResponse } from '../../testing/fake-response';
import { renderWithProviders } from '../../testing/render-with-providers';

jest.mock('./redirect', () => ({ sendBrowserTo: jest.fn() }));

const TOKEN = 'owner-token';
const sync = (values: Partial<Store['sync']>): Store['sync'] => ({
  state: 'synced',
  imported: 0,
  total: null,
  lastSyncAt: null,
  lastError: null,
  ...values,
});
const STORES: Store[] = [
  {
    _id: '0b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e51',
    name: 'souk-alger',
    platform: 'youcan',
    createdAt: '2026-11-22T08:00:00.000Z',
    ordersCount: 150,
    sync: sync({ state: 'importing', imported: 150, total: 2000 }),
  },
  {
    _id: '0b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e52',
    name: 'oran-mode',
    platform: 'youcan',
    createdAt: '2026-11-20T08:00:00.000Z',
    ordersCount: 1,
    sync: sync({ state: 'synced', imported: 1, total: 1, lastSyncAt: '2026-11-21T09:30:00.000Z' }),
  },
  {
    _id: '0b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e53',
    name: 'tlemcen-deco',
    platform: 'youcan',
    createdAt: '2026-11-19T08:00:00.000Z',
    ordersCount: 0,
    sync: sync({ state: 'failed', lastError: 'YouCan refused the token' }),
  },
];

type Reply = { status: number; body?: unknown };
type Handler = (init: RequestInit | undefined) => Reply | Promise<Reply>;
let routes: Record<string, Handler>;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const key = callKey(input, init);
  const route = routes[key];
  if (!route) throw new Error(`unexpected call ${key}`);
  const { status, body } = await route(init);
  return fakeResponse({ status, body });
});
const calls = () => fetchMock.mock.calls.map(([input, init]) => callKey(input, init));

/** Where the router is, and whether it got there by replacing the entry. */
const url = { search: '', action: '' };
function LocationProbe() {
  url.search = useLocation().search;
  url.action = useNavigationType();
  return null;
}

function renderPage(at = '/link-store', type: 'owner' | 'confirmateur' = 'owner') {
  signInForTest({ name: 'Amina', token: TOKEN, type });
  renderWithProviders(
    <>
      <LocationProbe />
      <Routes>
        <Route
          path="/link-store"
          element={
            <RequireOwner>
              <LinkStorePage />
            </RequireOwner>
          }
        />
      </Routes>
    </>,
    at,
  );
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  routes = { 'GET /api/stores/youcan': () => ({ status: 200, body: STORES }) };
  fetchMock.mockClear();
  jest.mocked(sendBrowserTo).mockClear();
  global.fetch = fetchMock as typeof fetch;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  localStorage.clear();
});

describe('Link Store page', () => {
  it('lists each store with its platform, sync state in words and order count, with the token', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Link Store' })).toBeTruthy();
    const rows = await screen.findAllByTestId('store');
    expect(rows.map((row) => within(row).getByTestId('sync-state').textContent)).toEqual([
      'Importing 150 of 2000 orders',
      expect.stringMatching(/^Synced 21 November 2026, \d{2}:30$/),
      'Sync failed: YouCan refused the token',
    ]);
    expect(rows.map((row) => within(row).getByTestId('orders-count').textContent)).toEqual([
      '150 orders',
      '1 order',
      '0 orders',
    ]);
    expect(rows.every((row) => row.textContent?.includes('youcan'))).toBe(true);
    expect(document.title).toBe('Link Store · Tawsil');
    const [, init] = fetchMock.mock.calls[0];
    expect((init?.headers as Record<string, string>).authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('says when no store is connected', async () => {
    routes['GET /api/stores/youcan'] = () => ({ status: 200, body: [] });
    renderPage();
    expect(await screen.findByText('No store connected yet.')).toBeTruthy();
  });

  it('shows a red line and logs when the list cannot be loaded', async () => {
    routes['GET /api/stores/youcan'] = () => ({ status: 500 });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load your stores.');
    expect(consoleError).toHaveBeenCalled();
  });

  it('opens the add-store form with Add Store and closes it with Cancel or Add Store', async () => {
    renderPage();
    expect(screen.queryByLabelText('Store name')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Store' }));
    expect(screen.getByLabelText('Store name')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Store name')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add Store' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Store' }));
    expect(screen.queryByLabelText('Store name')).toBeNull();
  });

  it('refuses an empty or invalid name without calling init', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Store' }));
    await userEvent.type(screen.getByLabelText('Store name'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(screen.getByText('Store name is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Store name'), 'souk_alger!');
    await userEvent.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(screen.getByText('Store name may contain only letters, digits and dashes')).toBeTruthy();
    expect(calls().some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('cannot submit a platform that is coming soon', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Store' }));
    await userEvent.type(screen.getByLabelText('Store name'), 'souk-alger');
    for (const platform of ['woocommerce', 'googleSheets', 'shopify']) {
      await userEvent.selectOptions(screen.getByLabelText('Platform'), platform);
      expect(
        screen.getByText(`${platform} is coming soon: only YouCan can be connected today.`),
      ).toBeTruthy();
      const submit = screen.getByRole('button', { name: 'Connect store' }) as HTMLButtonElement;
      expect(submit.disabled).toBe(true);
    }
    expect(calls().some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('calls init with the trimmed, encoded name, waits with the button disabled, then goes to YouCan', async () => {
    const authUrl = 'https://youcan.example/oauth/authorize?state=abc';
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => (release = resolve));
    routes[`POST /api/stores/youcan/init?storename=${encodeURIComponent('Souk-Alger-2')}`] = async () => {
      await pending;
      return { status: 200, body: { authUrl } };
    };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Store' }));
    await userEvent.type(screen.getByLabelText('Store name'), '  Souk-Alger-2 ');
    await userEvent.click(screen.getByRole('button', { name: 'Connect store' }));
    const submit = screen.getByRole('button', { name: 'Connect store' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(sendBrowserTo).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(sendBrowserTo).toHaveBeenCalledWith(authUrl));
    expect(calls().filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/stores/youcan/init?storename=Souk-Alger-2',
    ]);
  });

  it('shows the server message and logs when init is refused', async () => {
    routes['POST /api/stores/youcan/init?storename=souk-alger'] = () => ({
      status: 400,
      body: { message: 'storename may contain only letters, digits and dashes' },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Store' }));
    await userEvent.type(screen.getByLabelText('Store name'), 'souk-alger');
    await userEvent.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(await screen.findByText('storename may contain only letters, digits and dashes')).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
    expect(sendBrowserTo).not.toHaveBeenCalled();
  });

  it('deletes a store only after the confirmation, then reloads the list', async () => {
    const [first] = STORES;
    routes[`DELETE /api/stores/youcan/${first._id}`] = () => ({ status: 200, body: { storeId: first._id } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${first.name}` }));
    const dialog = screen.getByRole('dialog', { name: `Delete ${first.name}` });
    expect(
      within(dialog).getByText('Are you sure you want to delete this store? This action cannot be undone.'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls().some((call) => call.startsWith('DELETE'))).toBe(false);

    routes['GET /api/stores/youcan'] = () => ({ status: 200, body: STORES.slice(1) });
    await userEvent.click(screen.getByRole('button', { name: `Delete ${first.name}` }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('store')).toHaveLength(2));
    expect(calls().filter((call) => call.startsWith('DELETE'))).toEqual([
      `DELETE /api/stores/youcan/${first._id}`,
    ]);
  });

  it('shows a red line and logs when a delete fails', async () => {
    const [first] = STORES;
    routes[`DELETE /api/stores/youcan/${first._id}`] = () => ({ status: 500 });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${first.name}` }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not delete the store.');
    expect(consoleError).toHaveBeenCalled();
  });

  it('says the store was connected after ?linked= and takes the parameter off the URL', async () => {
    renderPage('/link-store?linked=souk-alger');
    expect(
      await screen.findByText('Store souk-alger connected. Its orders are being imported.'),
    ).toBeTruthy();
    await waitFor(() => expect(url.search).toBe(''));
    expect(url.action).toBe('REPLACE');
    expect(screen.getByText('Store souk-alger connected. Its orders are being imported.')).toBeTruthy();
  });

  it.each([
    [
      'link_other_browser',
      'The store was not connected: finish on YouCan in the browser where you pressed Add Store. If you did not add a store yourself, someone sent you their link: nothing was connected.',
    ],
    [
      'link_used',
      'This YouCan link was already used: nothing more was connected. Your stores are listed below.',
    ],
    ['link_expired', 'This YouCan link has expired (it lasts 10 minutes): add the store again.'],
    ['link_invalid', 'This YouCan link is not valid: add the store again.'],
    ['youcan_refused', 'The store was not connected: access was refused on YouCan.'],
    ['youcan_failed', 'YouCan did not complete the authorization; try again in a moment.'],
    ['store_taken', 'This YouCan store is already connected to another account.'],
    ['unavailable', 'The store could not be connected right now; try again in a moment.'],
  ])('explains ?error=%s in a red line and takes the parameter off the URL', async (code, text) => {
    renderPage(`/link-store?error=${code}`);
    const line = await screen.findByText(text);
    expect(line.getAttribute('role')).toBe('status');
    expect(line.className).toContain('text-red-600');
    await waitFor(() => expect(url.search).toBe(''));
  });

  it('never shows the text of an unknown ?error=, only a general sentence', async () => {
    renderPage('/link-store?error=Call%20us%20on%200555%2012%2034%2056');
    expect(await screen.findByText('The store could not be connected: add it again.')).toBeTruthy();
    expect(screen.queryByText(/Call us/)).toBeNull();
  });

  it('shows the not-allowed page to a confirmateur and calls nothing', async () => {
    renderPage('/link-store', 'confirmateur');
    expect(await screen.findByTestId('not-allowed')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
