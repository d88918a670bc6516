import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '../orders/types';
import type { DeliveryAccount, StopDeskEntry, TariffEntry } from './api';
import { DeliveryDialog, NO_DESK, NO_HOME } from './components/DeliveryDialog';
import { loadPlaces } from './places';
import { signInForTest } from '../../testing/sign-in-for-test';
import { callKey, fakeResponse } from '../../testing/fake-response';
import { FreshCache } from '../../testing/render-with-providers';

const ORDER_ID = '00000000-0000-4000-8000-000000000001';
const ACCOUNT: DeliveryAccount = {
  _id: '4f1c7d0e-2b1a-4c3d-9e8f-0a1b2c3d4e5f',
  company: 'zrexpress',
  api: 'procolis',
  storeName: 'Boutique Amina',
  createdAt: '2026-11-20T08:00:00.000Z',
};
// A second account: with two, the agent picks one (with one, it is picked already).
const OTHER: DeliveryAccount = {
  ...ACCOUNT,
  _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  storeName: 'Boutique Oran',
};
const order = (delivery: Order['delivery'] = null, place: Partial<Order> = {}): Order => ({
  _id: ORDER_ID,
  storeId: '0b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e51',
  ref: '00001',
  orderDate: '2026-11-22T13:05:00.000Z',
  customer: { full_name: 'Client 1', phone: '0555123456', region: 'Alger', city: 'Bab Ezzouar' },
  variants: [{ quantity: 1, variant: { product: { name: 'Robe kabyle' } } }],
  total: 7800,
  currency: 'DZD',
  status: 'confirmé',
  version: 1,
  notes: [],
  confirmateur: null,
  delivery,
  attempts: 0,
  callbackAt: null,
  claim: null,
  assignedTo: null,
  wilaya: null,
  commune: null,
  duplicateOf: null,
  blacklisted: null,
  ...place,
});
// 16 offers both, 31 no home delivery, 33 no stop desk.
const TARIFFS: TariffEntry[] = [
  { IDWilaya: 16, Wilaya: 'Alger', Domicile: '400', Stopdesk: '250' },
  { IDWilaya: 31, Wilaya: 'Oran', Domicile: '0', Stopdesk: '500' },
  { IDWilaya: 33, Wilaya: 'Illizi', Domicile: '1200', Stopdesk: '0' },
];

// The other account's prices, shown beside it.
const OTHER_TARIFFS: TariffEntry[] = [{ IDWilaya: 16, Wilaya: 'Alger', Domicile: '450', Stopdesk: '300' }];
// A procolis account's desks: ZR's published list (none in Illizi, 33).
const DESKS: StopDeskEntry[] = [
  ...['Birkhadem', 'Ouled Fayet', 'Reghaia', 'Bordj El Kiffan', 'Birtouta', 'Baraki'].map((name) => ({
    IDWilaya: 16,
    name,
  })),
  ...['El Morchid', 'Canastel', 'Maraval'].map((name) => ({ IDWilaya: 31, name })),
];

type Reply = { status: number; body?: unknown };
let routes: Record<string, (init?: RequestInit) => Reply>;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const key = callKey(input, init);
  const route = routes[key];
  if (!route) throw new Error(`unexpected call ${key}`);
  const { status, body } = route(init);
  return fakeResponse({ status, body });
});
const puts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));

let consoleError: jest.SpyInstance;
const onSaved = jest.fn();
const onClose = jest.fn();
beforeAll(() => loadPlaces());
beforeEach(() => {
  routes = {
    [`GET /api/delivery/account/${ORDER_ID}`]: () => ({ status: 200, body: [ACCOUNT, OTHER] }),
    [`GET /api/ZR/tarification/${ACCOUNT._id}`]: () => ({ status: 200, body: TARIFFS }),
    [`GET /api/ZR/tarification/${OTHER._id}`]: () => ({ status: 200, body: OTHER_TARIFFS }),
    [`GET /api/ZR/desks/${ACCOUNT._id}`]: () => ({ status: 200, body: DESKS }),
    [`GET /api/ZR/desks/${OTHER._id}`]: () => ({ status: 200, body: [] }),
  };
  fetchMock.mockClear();
  onSaved.mockClear();
  onClose.mockClear();
  global.fetch = fetchMock as typeof fetch;
  signInForTest({ name: 'Yacine', token: 't', type: 'confirmateur' });
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  localStorage.clear();
});

function renderDialog(delivery: Order['delivery'] = null, place: Partial<Order> = {}) {
  render(
    <FreshCache>
      <DeliveryDialog order={order(delivery, place)} onClose={onClose} onSaved={onSaved} />
    </FreshCache>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
// The account as the agent reads it: company, store and its price for the wilaya and type.
const AMINA = /^ZR Express — Boutique Amina/;
async function chooseAccount() {
  await screen.findByRole('option', { name: AMINA });
  await userEvent.selectOptions(field('Delivery company'), ACCOUNT._id);
  await screen.findByText('Home delivery: 400 DZD');
}
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('Delivery Information form', () => {
  it('shows wilaya, type, commune and desk only once an account is chosen, with the spec’s defaults', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Delivery Information' })).toBeTruthy();
    await screen.findByRole('option', { name: AMINA });
    expect(screen.queryByLabelText('Wilaya')).toBeNull();
    expect(screen.queryByLabelText('Commune')).toBeNull();
    await chooseAccount();
    expect(field('Wilaya').value).toBe('16');
    expect((screen.getByLabelText('At home') as HTMLInputElement).checked).toBe(true);
    expect(field('Commune')).toBeTruthy();
    expect(screen.queryByLabelText('Desk')).toBeNull();
  });

  it('requires a delivery company, then a commune at home and a desk at a stop desk, sending nothing', async () => {
    renderDialog();
    await screen.findByRole('option', { name: AMINA });
    await save();
    expect(screen.getByText('delivery company is required')).toBeTruthy();
    await chooseAccount();
    await save();
    expect(screen.getByText('commune is required for a home delivery')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Stop desk'));
    await save();
    expect(screen.getByText('desk is required for a stop-desk delivery')).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('lists the wilaya’s own communes and desks, and clears both when the wilaya changes', async () => {
    renderDialog();
    await chooseAccount();
    const communes = [...field('Commune').options].map((option) => option.value);
    expect(communes).toContain('Bab Ezzouar');
    expect(communes).not.toContain('Sidi Chami');
    await userEvent.selectOptions(field('Commune'), 'Bab Ezzouar');
    await userEvent.selectOptions(field('Wilaya'), '31');
    await userEvent.selectOptions(field('Wilaya'), '16');
    expect(field('Commune').value).toBe('');

    await userEvent.selectOptions(field('Wilaya'), '31');
    await userEvent.click(screen.getByLabelText('Stop desk'));
    const desks = [...field('Desk').options].map((option) => option.value).filter(Boolean);
    expect(desks).toEqual(['El Morchid', 'Canastel', 'Maraval']);
    await userEvent.selectOptions(field('Desk'), 'Canastel');
    await userEvent.selectOptions(field('Wilaya'), '16');
    await userEvent.selectOptions(field('Wilaya'), '31');
    expect(field('Desk').value).toBe('');
  });

  it('drops the commune when stop desk is chosen, and the desk when home delivery is', async () => {
    renderDialog();
    await chooseAccount();
    await userEvent.selectOptions(field('Commune'), 'Kouba');
    await userEvent.click(screen.getByLabelText('Stop desk'));
    const desk = [...field('Desk').options].map((option) => option.value).filter(Boolean)[0];
    await userEvent.selectOptions(field('Desk'), desk);
    await userEvent.click(screen.getByLabelText('At home'));
    expect(field('Commune').value).toBe('');
    await userEvent.click(screen.getByLabelText('Stop desk'));
    expect(field('Desk').value).toBe('');
  });

  it('disables the commune where the tariff offers no home delivery, and the desk where it offers no stop desk', async () => {
    renderDialog();
    await chooseAccount();
    await userEvent.selectOptions(field('Wilaya'), '31');
    expect(field('Commune').disabled).toBe(true);
    expect(screen.getByText(NO_HOME)).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Stop desk'));
    expect(field('Desk').disabled).toBe(false);
    expect(screen.getByTestId('tariff').textContent).toBe('Stop desk: 500 DZD');
    await userEvent.selectOptions(field('Wilaya'), '33');
    expect(field('Desk').disabled).toBe(true);
    expect(screen.getByText(NO_DESK)).toBeTruthy();
  });

  it('saves the choice and hands the saved delivery back', async () => {
    const saved = { deliveryAccount: ACCOUNT, wilaya: '16', isStopDesk: false, commune: 'Kouba' };
    routes[`PUT /api/orders/youcan/${ORDER_ID}`] = () => ({ status: 200, body: saved });
    renderDialog();
    await chooseAccount();
    await userEvent.selectOptions(field('Commune'), 'Kouba');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(ORDER_ID, saved));
    expect(puts()).toEqual([
      { delivery: { deliveryAccount: ACCOUNT._id, wilaya: '16', isStopDesk: false, commune: 'Kouba' } },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('starts from the order’s delivery', async () => {
    renderDialog({ deliveryAccount: ACCOUNT, wilaya: '16', isStopDesk: false, commune: 'Kouba' });
    await screen.findByText('Home delivery: 400 DZD');
    expect(field('Commune').value).toBe('Kouba');
  });

  it('starts from the wilaya and commune recognised in the address, with the store’s only account chosen', async () => {
    routes[`GET /api/delivery/account/${ORDER_ID}`] = () => ({ status: 200, body: [ACCOUNT] });
    routes[`PUT /api/orders/youcan/${ORDER_ID}`] = (init) => ({
      status: 200,
      body: JSON.parse(String(init?.body)).delivery,
    });
    renderDialog(null, {
      customer: { full_name: 'Client 1', phone: '0555123456', region: 'wahran', city: 'bir el djir' },
      wilaya: { code: 31, name: 'Oran', nameAr: 'وهران' },
      commune: 'Bir El Djir',
    });
    await waitFor(() => expect(field('Delivery company').value).toBe(ACCOUNT._id));
    expect(field('Wilaya').value).toBe('31');
    // Oran has no home delivery in this tariff: the recognised commune stays, the rule still shows.
    await screen.findByText(NO_HOME);
    expect(field('Commune').value).toBe('Bir El Djir');
  });

  it('drops a recognised commune that the wilaya’s list lacks, so the agent picks one', async () => {
    renderDialog(null, { wilaya: { code: 16, name: 'Alger', nameAr: 'الجزائر' }, commune: 'Nowhere' });
    await chooseAccount();
    expect(field('Wilaya').value).toBe('16');
    expect(field('Commune').value).toBe('');
    await save();
    expect(screen.getByText('commune is required for a home delivery')).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('saves the recognised place in one tap once the only account is chosen', async () => {
    routes[`GET /api/delivery/account/${ORDER_ID}`] = () => ({ status: 200, body: [ACCOUNT] });
    routes[`PUT /api/orders/youcan/${ORDER_ID}`] = (init) => ({
      status: 200,
      body: JSON.parse(String(init?.body)).delivery,
    });
    renderDialog(null, { wilaya: { code: 16, name: 'Alger', nameAr: 'الجزائر' }, commune: 'Kouba' });
    await screen.findByText('Home delivery: 400 DZD');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(puts()).toEqual([
      { delivery: { deliveryAccount: ACCOUNT._id, wilaya: '16', isStopDesk: false, commune: 'Kouba' } },
    ]);
  });

  it('takes a Yalidine account’s wilaya, commune and tariff like a ZR Express one', async () => {
    const yalidine: DeliveryAccount = {
      ...OTHER,
      company: 'yalidine',
      api: 'yalidine',
      storeName: 'Boutique Oran',
    };
    routes[`GET /api/delivery/account/${ORDER_ID}`] = () => ({ status: 200, body: [ACCOUNT, yalidine] });
    routes[`GET /api/ZR/tarification/${yalidine._id}`] = () => ({
      status: 200,
      body: [{ IDWilaya: 16, Wilaya: 'Alger', Domicile: '550', Stopdesk: '350' }],
    });
    routes[`PUT /api/orders/youcan/${ORDER_ID}`] = (init) => ({
      status: 200,
      body: { ...JSON.parse(String(init?.body)).delivery, deliveryAccount: yalidine },
    });
    renderDialog();
    await screen.findByRole('option', { name: /^Yalidine — Boutique Oran/ });
    await userEvent.selectOptions(field('Delivery company'), yalidine._id);
    await screen.findByText('Home delivery: 550 DZD');
    await userEvent.selectOptions(field('Commune'), 'Kouba');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(puts()).toEqual([
      { delivery: { deliveryAccount: yalidine._id, wilaya: '16', isStopDesk: false, commune: 'Kouba' } },
    ]);
  });

  it('shows the server’s refusal and logs "Failed to submit delivery form"', async () => {
    routes[`PUT /api/orders/youcan/${ORDER_ID}`] = () => ({
      status: 400,
      body: { message: 'Domicile not available for this wilaya' },
    });
    renderDialog();
    await chooseAccount();
    await userEvent.selectOptions(field('Commune'), 'Kouba');
    await save();
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'Domicile not available for this wilaya',
    );
    expect(consoleError).toHaveBeenCalledWith('Failed to submit delivery form', expect.anything());
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('logs "Failed to fetch tarif" and says tariffs are unavailable, still letting the agent save', async () => {
    routes[`GET /api/ZR/tarification/${ACCOUNT._id}`] = () => ({ status: 502, body: { message: 'down' } });
    routes[`PUT /api/orders/youcan/${ORDER_ID}`] = () => ({
      status: 200,
      body: { deliveryAccount: ACCOUNT, wilaya: '16', isStopDesk: false, commune: 'Kouba' },
    });
    renderDialog();
    await screen.findByRole('option', { name: AMINA });
    await userEvent.selectOptions(field('Delivery company'), ACCOUNT._id);
    expect(
      await screen.findByText('Tariffs are unavailable right now; the delivery can still be saved.'),
    ).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch tarif', expect.anything());
    await userEvent.selectOptions(field('Commune'), 'Kouba');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
