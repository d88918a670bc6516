import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { RequireOwner } from '../../app/guards';
import { switchLanguage } from '../../i18n/i18n';
import DeliveryCompanyPage from '../../pages/DeliveryCompanyPage';
import { callKey, fakeResponse } from '../../testing/fake-response';
import { renderWithProviders } from '../../testing/render-with-providers';
import { signInForTest } from '../../testing/sign-in-for-test';
import type { AccountStatesView, DeliveryAccount } from './api';

const ZR: DeliveryAccount = {
  _id: '4f1c7d0e-2b1a-4c3d-9e8f-0a1b2c3d4e5f',
  company: 'zrexpress',
  api: 'zr-current',
  storeName: 'Boutique Amina',
  createdAt: '2026-11-20T08:00:00.000Z',
};
const STATES: AccountStatesView = {
  accountId: ZR._id,
  source: 'carrier',
  states: [
    {
      state: 'en_livraison',
      label: 'En livraison',
      status: 'en cours de livraison',
      defaultStatus: 'en cours de livraison',
      changed: false,
    },
    {
      state: 'echec_livraison',
      label: 'Échec de livraison',
      status: 'en cours de livraison',
      defaultStatus: 'en cours de livraison',
      changed: false,
    },
    { state: 'perdu', label: 'Perdu', status: 'ignored', defaultStatus: 'ignored', changed: false },
  ],
};
const PATH = `/api/delivery/account/${ZR._id}/states`;

type Reply = { status: number; body?: unknown } | 'unreachable';
let routes: Record<string, () => Reply>;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const key = callKey(input, init);
  const route = routes[key];
  if (!route) throw new Error(`unexpected call ${key}`);
  return fakeResponse(route());
});
const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => [String(input), init?.body ? JSON.parse(String(init.body)) : undefined]);

function renderPage() {
  signInForTest({ name: 'Amina', token: 't', type: 'owner' });
  renderWithProviders(
    <Routes>
      <Route
        path="/delivery-company"
        element={
          <RequireOwner>
            <DeliveryCompanyPage />
          </RequireOwner>
        }
      />
    </Routes>,
    '/delivery-company',
  );
}

const openSection = async () => {
  const section = await screen.findByTestId('account-states');
  await userEvent.click(within(section).getByRole('button', { name: /Statuses/ }));
  return section;
};

let consoleError: jest.SpyInstance;
beforeEach(() => {
  routes = {
    'GET /api/delivery/account': () => ({ status: 200, body: [ZR] }),
    [`GET ${PATH}`]: () => ({ status: 200, body: STATES }),
  };
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  consoleError.mockRestore();
  localStorage.clear();
  await switchLanguage('en');
});

describe("An account's statuses on the Delivery Company page", () => {
  it('stays folded, and asks for nothing, until the owner opens it', async () => {
    renderPage();
    const section = await screen.findByTestId('account-states');
    const toggle = within(section).getByRole('button', { name: /Statuses/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(PATH);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await within(section).findByLabelText(/Échec de livraison/)).toBeTruthy();
  });

  it("lists the carrier's states with the status each maps to", async () => {
    renderPage();
    const section = await openSection();
    const select = (await within(section).findByLabelText(/En livraison/)) as HTMLSelectElement;
    expect(select.value).toBe('en cours de livraison');
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'stays saisie',
      'en cours de livraison',
      'livrée',
      'retour',
      'ignored (not followed)',
    ]);
    expect((within(section).getByLabelText(/Perdu/) as HTMLSelectElement).value).toBe('ignored');
  });

  it('saves a change as soon as it is picked, and can go back to the defaults', async () => {
    const changed: AccountStatesView = {
      ...STATES,
      states: STATES.states.map((row) =>
        row.state === 'echec_livraison' ? { ...row, status: 'retour', changed: true } : row,
      ),
    };
    routes[`PUT ${PATH}`] = () => ({ status: 200, body: changed });
    routes[`POST ${PATH}/reset`] = () => ({ status: 200, body: STATES });
    renderPage();
    const section = await openSection();
    await userEvent.selectOptions(await within(section).findByLabelText(/Échec de livraison/), 'retour');
    expect((await within(section).findByRole('status')).textContent).toBe(
      'Saved: Échec de livraison → retour',
    );
    expect(sent('PUT')).toEqual([[PATH, { changes: [{ state: 'echec_livraison', status: 'retour' }] }]]);
    expect((within(section).getByLabelText(/Échec de livraison/) as HTMLSelectElement).value).toBe('retour');
    expect(
      within(section)
        .getByLabelText(/Échec de livraison/)
        .closest('li')!.textContent,
    ).toContain('changed');

    await userEvent.click(within(section).getByRole('button', { name: 'Back to the defaults' }));
    await waitFor(() =>
      expect((within(section).getByRole('status') as HTMLElement).textContent).toBe(
        'Every state is back to its default',
      ),
    );
    expect((within(section).getByLabelText(/Échec de livraison/) as HTMLSelectElement).value).toBe(
      'en cours de livraison',
    );
    expect(within(section).queryByRole('button', { name: 'Back to the defaults' })).toBeNull();
  });

  it("shows the server's refusal and keeps the table as it was", async () => {
    routes[`PUT ${PATH}`] = () => ({
      status: 400,
      body: { message: 'Unknown state for this account: perdu' },
    });
    renderPage();
    const section = await openSection();
    await userEvent.selectOptions(await within(section).findByLabelText(/Perdu/), 'retour');
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Unknown state for this account: perdu',
    );
    expect((within(section).getByLabelText(/Perdu/) as HTMLSelectElement).value).toBe('ignored');
  });

  it('says when ZR Express could not be asked for its states yet, and speaks French and Arabic', async () => {
    routes[`GET ${PATH}`] = () => ({ status: 200, body: { ...STATES, source: 'defaults' } });
    await switchLanguage('fr');
    renderPage();
    const section = await screen.findByTestId('account-states');
    await userEvent.click(within(section).getByRole('button', { name: /Statuts/ }));
    expect(await within(section).findByText(/ZR Express n’a pas encore pu donner ses états/)).toBeTruthy();
    expect((await within(section).findByLabelText(/Perdu/)).textContent).toContain('ignoré (non suivi)');
    await switchLanguage('ar');
    await waitFor(() => expect(section.textContent).toContain('الحالات'));
  });
});
