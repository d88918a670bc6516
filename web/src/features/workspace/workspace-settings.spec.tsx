import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import WorkspaceSettingsPage from '../../pages/WorkspaceSettingsPage';
import { signInForTest } from '../../testing/sign-in-for-test';
import { callKey, fakeResponse } from '../../testing/fake-response';
import { renderWithProviders } from '../../testing/render-with-providers';

const STORE = {
  _id: '0b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e51',
  name: 'boutique-amina',
  sync: { state: 'done' },
};
const SETTINGS = {
  storeId: STORE._id,
  maxAttempts: 5,
  retryDelayMinutes: 120,
  claimMinutes: 10,
  assignment: 'shared',
  agentCap: 30,
};

type Reply = { status: number; body?: unknown };
let routes: Record<string, (init?: RequestInit) => Reply>;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const key = callKey(input, init);
  const route = routes[key];
  if (!route) throw new Error(`unexpected call ${key}`);
  const { status, body } = route(init);
  return fakeResponse({ status, body });
});
const bodies = (key: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => callKey(input, init) === key)
    .map(([, init]) => JSON.parse(String(init?.body)));

let blacklist: { _id: string; phone: string; reason: string; createdAt: string }[];
let consoleError: jest.SpyInstance;
beforeEach(() => {
  blacklist = [
    { _id: 'b1', phone: '0661000000', reason: 'Fake orders', createdAt: '2026-11-20T08:00:00.000Z' },
  ];
  routes = {
    'GET /api/stores/youcan': () => ({ status: 200, body: [STORE] }),
    [`GET /api/orders/settings/${STORE._id}`]: () => ({ status: 200, body: SETTINGS }),
    [`PUT /api/orders/settings/${STORE._id}`]: (init) => ({
      status: 200,
      body: { ...SETTINGS, ...JSON.parse(String(init?.body)) },
    }),
    'GET /api/orders/blacklist': () => ({ status: 200, body: blacklist }),
    'POST /api/orders/blacklist': (init) => {
      const entry = { _id: 'b2', createdAt: '2026-11-23T08:00:00.000Z', ...JSON.parse(String(init?.body)) };
      blacklist = [...blacklist, entry];
      return { status: 201, body: entry };
    },
    'DELETE /api/orders/blacklist/b1': () => {
      blacklist = blacklist.filter((entry) => entry._id !== 'b1');
      return { status: 200, body: { deletedId: 'b1' } };
    },
  };
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
  signInForTest({ _id: 'o1', name: 'Amina', token: 't', type: 'owner' });
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  localStorage.clear();
});

function renderPage() {
  renderWithProviders(<WorkspaceSettingsPage />);
}

describe('Workspace settings', () => {
  it('shows the store’s queue rules and saves the changed ones', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Queue settings' });
    expect((within(form).getByLabelText('Maximum attempts') as HTMLInputElement).value).toBe('5');
    expect((within(form).getByLabelText('Retry delay (minutes)') as HTMLInputElement).value).toBe('120');
    expect((within(form).getByLabelText('Claim (minutes)') as HTMLInputElement).value).toBe('10');
    expect((within(form).getByLabelText('Assignment') as HTMLSelectElement).value).toBe('shared');
    await userEvent.clear(within(form).getByLabelText('Maximum attempts'));
    await userEvent.type(within(form).getByLabelText('Maximum attempts'), '3');
    await userEvent.selectOptions(within(form).getByLabelText('Assignment'), 'round-robin');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByTestId('toast')).textContent).toBe('Settings saved');
    expect(bodies(`PUT /api/orders/settings/${STORE._id}`)).toEqual([
      { maxAttempts: 3, retryDelayMinutes: 120, claimMinutes: 10, agentCap: 30, assignment: 'round-robin' },
    ]);
  });

  it('names a bad number at its field and sends nothing', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Queue settings' });
    await userEvent.clear(within(form).getByLabelText('Claim (minutes)'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Claim (minutes) must be a whole number from 1 to 240',
    );
    expect(bodies(`PUT /api/orders/settings/${STORE._id}`)).toEqual([]);
  });

  it('lists, adds and removes blacklisted phones', async () => {
    renderPage();
    expect((await screen.findAllByTestId('blacklist-entry')).map((entry) => entry.textContent)).toEqual([
      '0661000000Fake ordersRemove',
    ]);
    const form = screen.getByRole('form', { name: 'Add to the blacklist' });
    await userEvent.type(within(form).getByLabelText('Phone'), '0770 12 34 56');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Never answers, refused twice');
    await userEvent.click(within(form).getByRole('button', { name: 'Add to blacklist' }));
    await waitFor(() => expect(screen.getAllByTestId('blacklist-entry')).toHaveLength(2));
    expect(bodies('POST /api/orders/blacklist')).toEqual([
      { phone: '0770 12 34 56', reason: 'Never answers, refused twice' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove 0661000000 from the blacklist' }));
    await waitFor(() => expect(screen.getAllByTestId('blacklist-entry')).toHaveLength(1));
    expect(screen.getByTestId('blacklist-entry').textContent).toContain('0770 12 34 56');
  });
});
