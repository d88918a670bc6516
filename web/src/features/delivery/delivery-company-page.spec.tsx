import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { RequireOwner } from '../../app/guards';
import { i18n, switchLanguage } from '../../i18n/i18n';
import ar from '../../i18n/locales/ar.json';
import fr from '../../i18n/locales/fr.json';
import DeliveryCompanyPage from '../../pages/DeliveryCompanyPage';
import type { DeliveryAccount } from './api';
import { signInForTest } from '../../testing/sign-in-for-test';
import { callKey, fakeResponse } from '../../testing/fake-response';
import { renderWithProviders } from '../../testing/render-with-providers';

const ACCOUNT: DeliveryAccount = {
  _id: '4f1c7d0e-2b1a-4c3d-9e8f-0a1b2c3d4e5f',
  company: 'zrexpress',
  api: 'procolis',
  storeName: 'Boutique Amina',
  createdAt: '2026-11-20T08:00:00.000Z',
};

type Reply = { status: number; body?: unknown } | 'unreachable';
let routes: Record<string, () => Reply>;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const key = callKey(input, init);
  const route = routes[key];
  if (!route) throw new Error(`unexpected call ${key}`);
  const reply = route();
  return fakeResponse(reply);
});
const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => [String(input), init?.body ? JSON.parse(String(init.body)) : undefined]);

function renderPage(type: 'owner' | 'confirmateur' = 'owner') {
  signInForTest({ name: 'Amina', token: 't', type });
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

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Store name'), ' Boutique Oran ');
  await userEvent.type(screen.getByLabelText('API key'), 'k'.repeat(32));
  await userEvent.type(screen.getByLabelText('API secret'), 's'.repeat(64));
  await userEvent.click(screen.getByRole('button', { name: 'Add Account' }));
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  routes = { 'GET /api/delivery/account': () => ({ status: 200, body: [ACCOUNT] }) };
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  localStorage.clear();
});

describe('Delivery Company page', () => {
  it('lists the owner’s accounts, offers ZR Express and Yalidine and never shows a key', async () => {
    renderPage();
    const [item] = await screen.findAllByTestId('delivery-account');
    expect(item.textContent).toContain('Boutique Amina');
    expect(item.textContent).toContain('zrexpress (Procolis)');
    const company = screen.getByLabelText('Delivery company') as HTMLSelectElement;
    expect([...company.options].map((option) => option.value)).toEqual(['zrexpress', 'yalidine']);
    expect((screen.getByLabelText('API secret') as HTMLInputElement).type).toBe('password');
    expect(document.title).toBe('Delivery Company · Tawsil');
  });

  it('requires store name, api key and api secret, sending nothing otherwise', async () => {
    renderPage();
    await screen.findAllByTestId('delivery-account');
    await userEvent.click(screen.getByRole('button', { name: 'Add Account' }));
    expect(screen.getByText('store name is required')).toBeTruthy();
    expect(screen.getByText('api key is required')).toBeTruthy();
    expect(screen.getByText('api secret is required')).toBeTruthy();
    expect(sent('POST')).toEqual([]);
  });

  it('says what is missing in the language the page is shown in', async () => {
    await switchLanguage('fr');
    try {
      renderPage();
      await screen.findAllByTestId('delivery-account');
      await userEvent.click(screen.getByRole('button', { name: 'Ajouter le compte' }));
      expect(screen.getByText('le nom de la boutique est obligatoire')).toBeTruthy();
      expect(screen.getByText('la clé API est obligatoire')).toBeTruthy();
    } finally {
      await switchLanguage('en');
    }
  });

  it.each([
    ['fr', fr, 'Compte ZR Express « Boutique Oran » ajouté'],
    ['ar', ar, 'تمت إضافة حساب ZR Express «Boutique Oran»'],
  ] as const)(
    'says the account is added in %s, not in the server’s English',
    async (language, texts, added) => {
      routes['POST /api/delivery/account'] = () => ({
        status: 201,
        body: {
          message: 'ZR Express account "Boutique Oran" added',
          account: { ...ACCOUNT, storeName: 'Boutique Oran' },
        },
      });
      await i18n.changeLanguage(language);
      try {
        renderPage();
        await screen.findAllByTestId('delivery-account');
        await userEvent.type(screen.getByLabelText(texts.stores.name), ' Boutique Oran ');
        await userEvent.type(screen.getByLabelText(texts.carriers.api_key), 'k'.repeat(32));
        await userEvent.type(screen.getByLabelText(texts.carriers.api_secret), 's'.repeat(64));
        await userEvent.click(screen.getByRole('button', { name: texts.carriers.add }));
        expect((await screen.findByRole('status')).textContent).toBe(added);
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );

  it('adds the account, says so and reloads the list', async () => {
    routes['POST /api/delivery/account'] = () => ({
      status: 201,
      body: {
        message: 'ZR Express account "Boutique Oran" added',
        account: { ...ACCOUNT, storeName: 'Boutique Oran' },
      },
    });
    renderPage();
    await screen.findAllByTestId('delivery-account');
    await fillAndSubmit();
    expect((await screen.findByRole('status')).textContent).toBe('ZR Express account "Boutique Oran" added');
    expect(sent('POST')).toEqual([
      [
        '/api/delivery/account',
        {
          company: 'zrexpress',
          api: 'procolis',
          storeName: 'Boutique Oran',
          apiKey: 'k'.repeat(32),
          apiSecret: 's'.repeat(64),
        },
      ],
    ]);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([input]) => String(input) === '/api/delivery/account'),
      ).toHaveLength(3),
    );
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('');
  });

  it('asks the current API for its API key and tenant id, explaining where they come from', async () => {
    routes['POST /api/delivery/account'] = () => ({
      status: 201,
      body: {
        message: 'ZR Express account "Boutique Oran" added',
        account: { ...ACCOUNT, api: 'zr-current' },
      },
    });
    renderPage();
    await screen.findAllByTestId('delivery-account');
    await userEvent.selectOptions(screen.getByLabelText('API'), 'zr-current');
    expect(screen.getByTestId('api-help').textContent).toContain('tenant id');
    expect(screen.queryByLabelText('API secret')).toBeNull();
    await userEvent.type(screen.getByLabelText('Store name'), 'Boutique Oran');
    await userEvent.type(screen.getByLabelText('API key'), 'k'.repeat(43));
    await userEvent.type(screen.getByLabelText('Tenant id'), '16');
    await userEvent.click(screen.getByRole('button', { name: 'Add Account' }));
    expect(screen.getByText('tenant id must be a UUID, as your ZR Express account shows it')).toBeTruthy();
    expect(sent('POST')).toEqual([]);
    const tenantId = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    await userEvent.clear(screen.getByLabelText('Tenant id'));
    await userEvent.type(screen.getByLabelText('Tenant id'), tenantId);
    await userEvent.click(screen.getByRole('button', { name: 'Add Account' }));
    await screen.findByRole('status');
    expect(sent('POST')).toEqual([
      [
        '/api/delivery/account',
        {
          company: 'zrexpress',
          api: 'zr-current',
          storeName: 'Boutique Oran',
          apiKey: 'k'.repeat(43),
          tenantId,
        },
      ],
    ]);
  });

  it('adds a Yalidine account with its API ID, API token and the wilaya its parcels leave from', async () => {
    routes['POST /api/delivery/account'] = () => ({
      status: 201,
      body: {
        message: 'Yalidine account "Boutique Oran" added',
        account: { ...ACCOUNT, company: 'yalidine', api: 'yalidine', storeName: 'Boutique Oran' },
      },
    });
    renderPage();
    await screen.findAllByTestId('delivery-account');
    await userEvent.selectOptions(screen.getByLabelText('Delivery company'), 'yalidine');
    await userEvent.type(screen.getByLabelText('Store name'), 'Boutique Oran');
    await userEvent.type(screen.getByLabelText('API ID'), '1'.repeat(20));
    await userEvent.type(screen.getByLabelText('API token'), 't'.repeat(64));
    await userEvent.click(screen.getByRole('button', { name: 'Add Account' }));
    expect(screen.getByText('choose the wilaya your parcels leave from')).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Wilaya your parcels leave from'), '31');
    await userEvent.click(screen.getByRole('button', { name: 'Add Account' }));
    expect((await screen.findByRole('status')).textContent).toBe('Yalidine account "Boutique Oran" added');
    expect(sent('POST')).toEqual([
      [
        '/api/delivery/account',
        {
          company: 'yalidine',
          storeName: 'Boutique Oran',
          apiKey: '1'.repeat(20),
          apiSecret: 't'.repeat(64),
          fromWilaya: 31,
        },
      ],
    ]);
  });

  it.each([
    [
      { status: 400, body: { message: 'ZR Express refused this API key and secret' } },
      'ZR Express refused this API key and secret',
    ],
    [{ status: 500 }, 'Failed to add account.'],
    ['unreachable', 'Error adding account.'],
  ] as [Reply, string][])('shows the spec’s words when adding fails: %j', async (reply, text) => {
    routes['POST /api/delivery/account'] = () => reply;
    renderPage();
    await screen.findAllByTestId('delivery-account');
    await fillAndSubmit();
    expect((await screen.findByTestId('form-error')).textContent).toBe(text);
    expect(consoleError).toHaveBeenCalled();
  });

  it('removes an account only after the confirmation', async () => {
    routes[`DELETE /api/delivery/account/${ACCOUNT._id}`] = () => ({
      status: 200,
      body: { deletedId: ACCOUNT._id },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Boutique Amina' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Boutique Amina' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent('DELETE')).toEqual([]);
    routes['GET /api/delivery/account'] = () => ({ status: 200, body: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Boutique Amina' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No delivery account yet.')).toBeTruthy();
    expect(sent('DELETE')).toEqual([[`/api/delivery/account/${ACCOUNT._id}`, undefined]]);
  });

  it('is not for confirmateurs', async () => {
    renderPage('confirmateur');
    expect(screen.queryByLabelText('API key')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
