import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { RequireOwner } from '../../app/guards';
import { switchLanguage } from '../../i18n/i18n';
import DeliveryCompanyPage from '../../pages/DeliveryCompanyPage';
import { callKey, fakeResponse } from '../../testing/fake-response';
import { renderWithProviders } from '../../testing/render-with-providers';
import { signInForTest } from '../../testing/sign-in-for-test';
import type { DeliveryAccount } from './api';

const YALIDINE: DeliveryAccount = {
  _id: '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
  company: 'yalidine',
  api: 'yalidine',
  storeName: 'Boutique Oran',
  createdAt: '2026-11-20T08:00:00.000Z',
  webhookSecretSet: false,
};
const ZR: DeliveryAccount = {
  _id: '4f1c7d0e-2b1a-4c3d-9e8f-0a1b2c3d4e5f',
  company: 'zrexpress',
  api: 'procolis',
  storeName: 'Boutique Amina',
  createdAt: '2026-11-20T08:00:00.000Z',
};

type Reply = { status: number; body?: unknown } | 'unreachable';
let routes: Record<string, () => Reply>;
let listed: DeliveryAccount[];
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

let consoleError: jest.SpyInstance;
beforeEach(() => {
  listed = [ZR, YALIDINE];
  routes = { 'GET /api/delivery/account': () => ({ status: 200, body: listed }) };
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  consoleError.mockRestore();
  localStorage.clear();
  await switchLanguage('en');
});

describe("A Yalidine account's webhook on the Delivery Company page", () => {
  it('shows the address to paste in Yalidine’s dashboard for a Yalidine account only', async () => {
    renderPage();
    const items = await screen.findAllByTestId('delivery-account');
    expect(within(items[0]).queryByTestId('yalidine-webhook')).toBeNull();
    const webhook = within(items[1]).getByTestId('yalidine-webhook');
    expect(within(webhook).getByTestId('webhook-url').textContent).toBe(
      `${window.location.origin}/api/webhooks/yalidine/${YALIDINE._id}`,
    );
    expect(webhook.textContent).toContain('Webhook secret: not set yet');
    const field = within(webhook).getByLabelText('Webhook secret for Boutique Oran') as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(
      (within(webhook).getByRole('button', { name: 'Save the secret' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('sends the pasted secret, then says it is set without ever showing it', async () => {
    routes[`PUT /api/delivery/account/${YALIDINE._id}/webhook-secret`] = () => {
      listed = [ZR, { ...YALIDINE, webhookSecretSet: true }];
      return { status: 200, body: listed[1] };
    };
    renderPage();
    await screen.findAllByTestId('delivery-account');
    const webhook = screen.getByTestId('yalidine-webhook');
    await userEvent.type(within(webhook).getByLabelText('Webhook secret for Boutique Oran'), ' s3cr3t ');
    await userEvent.click(within(webhook).getByRole('button', { name: 'Save the secret' }));
    expect((await within(webhook).findByRole('status')).textContent).toBe('Webhook secret saved');
    expect(sent('PUT')).toEqual([
      [`/api/delivery/account/${YALIDINE._id}/webhook-secret`, { webhookSecret: 's3cr3t' }],
    ]);
    await waitFor(() => expect(webhook.textContent).toContain('Webhook secret: set'));
    expect(document.body.textContent).not.toContain('s3cr3t');
  });

  it("shows the server's refusal when the secret is not saved", async () => {
    routes[`PUT /api/delivery/account/${YALIDINE._id}/webhook-secret`] = () => ({
      status: 404,
      body: { message: 'Delivery account not found' },
    });
    renderPage();
    await screen.findAllByTestId('delivery-account');
    const webhook = screen.getByTestId('yalidine-webhook');
    await userEvent.type(within(webhook).getByLabelText('Webhook secret for Boutique Oran'), 'x');
    await userEvent.click(within(webhook).getByRole('button', { name: 'Save the secret' }));
    expect((await within(webhook).findByRole('alert')).textContent).toBe('Delivery account not found');
  });

  it('takes the secret, optional, when a Yalidine account is added', async () => {
    routes['POST /api/delivery/account'] = () => ({
      status: 201,
      body: {
        message: 'Yalidine account "Boutique Setif" added',
        account: { ...YALIDINE, storeName: 'Boutique Setif' },
      },
    });
    renderPage();
    await screen.findAllByTestId('delivery-account');
    const form = screen.getByRole('form', { name: 'Add a delivery account' });
    expect(within(form).queryByLabelText('Webhook secret (optional)')).toBeNull();
    await userEvent.selectOptions(within(form).getByLabelText('Delivery company'), 'yalidine');
    expect(within(form).getByTestId('webhook-help').textContent).toContain('Yalidine dashboard');
    await userEvent.type(within(form).getByLabelText('Store name'), 'Boutique Setif');
    await userEvent.type(within(form).getByLabelText('API ID'), '1'.repeat(20));
    await userEvent.type(within(form).getByLabelText('API token'), 't'.repeat(64));
    await userEvent.selectOptions(within(form).getByLabelText('Wilaya your parcels leave from'), '19');
    await userEvent.type(within(form).getByLabelText('Webhook secret (optional)'), 'from-the-dashboard');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Account' }));
    await within(form).findByText('Yalidine account "Boutique Setif" added');
    expect(sent('POST')).toEqual([
      [
        '/api/delivery/account',
        {
          company: 'yalidine',
          storeName: 'Boutique Setif',
          apiKey: '1'.repeat(20),
          apiSecret: 't'.repeat(64),
          fromWilaya: 19,
          webhookSecret: 'from-the-dashboard',
        },
      ],
    ]);
  });

  it('speaks French and Arabic', async () => {
    await switchLanguage('fr');
    renderPage();
    await screen.findAllByTestId('delivery-account');
    expect(screen.getByTestId('yalidine-webhook').textContent).toContain(
      'Adresse du webhook à coller dans votre tableau de bord Yalidine',
    );
    await switchLanguage('ar');
    await waitFor(() =>
      expect(screen.getByTestId('yalidine-webhook').textContent).toContain('عنوان الـ Webhook'),
    );
  });
});
