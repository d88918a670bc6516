import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '../orders/types';
import type { DeliveryAccount, StopDeskEntry, TariffEntry } from './api';
import { DeliveryDialog, NO_DESK } from './components/DeliveryDialog';
import { loadPlaces } from './places';
import { signInForTest } from '../../testing/sign-in-for-test';
import { callKey, fakeResponse, type FakeReply } from '../../testing/fake-response';
import { FreshCache } from '../../testing/render-with-providers';

// The owner has a ZR Express account and a Yalidine one: the agent picks one per order, seeing
// each one's price, and the stop desks offered are the chosen account's own.

const ORDER_ID = '00000000-0000-4000-8000-000000000003';
const ZR: DeliveryAccount = {
  _id: '1b2c3d4e-5f60-4a1b-8c2d-3e4f5a6b7c8d',
  company: 'zrexpress',
  api: 'zr-current',
  storeName: 'Boutique Amina',
  createdAt: '2026-11-20T08:00:00.000Z',
};
const YALIDINE: DeliveryAccount = {
  _id: '2c3d4e5f-6071-4b2c-9d3e-4f5a6b7c8d9e',
  company: 'yalidine',
  api: 'yalidine',
  storeName: 'Amina Yal',
  createdAt: '2026-11-21T08:00:00.000Z',
};
const ZR_TARIFFS: TariffEntry[] = [
  { IDWilaya: 16, Wilaya: 'Alger', Domicile: '400', Stopdesk: '250' },
  { IDWilaya: 31, Wilaya: 'Oran', Domicile: '700', Stopdesk: '450' },
  { IDWilaya: 33, Wilaya: 'Illizi', Domicile: '0', Stopdesk: '0' },
];
const YALIDINE_TARIFFS: TariffEntry[] = [
  { IDWilaya: 16, Wilaya: 'Alger', Domicile: '550', Stopdesk: '350' },
  { IDWilaya: 31, Wilaya: 'Oran', Domicile: '800', Stopdesk: '500' },
  { IDWilaya: 33, Wilaya: 'Illizi', Domicile: '1300', Stopdesk: '900' },
];
// ZR's hubs and Yalidine's centers, as each carrier names them; neither has one in Illizi (33).
const ZR_DESKS: StopDeskEntry[] = [
  { IDWilaya: 16, name: 'Hub Birkhadem 16', commune: 'Birkhadem' },
  { IDWilaya: 31, name: 'Hub Canastel 31', commune: 'Bir El Djir' },
];
const YALIDINE_DESKS: StopDeskEntry[] = [
  { IDWilaya: 16, name: 'Centre de Baraki', commune: 'Baraki' },
  { IDWilaya: 16, name: 'Centre de Bab Ezzouar', commune: 'Bab Ezzouar' },
];

const ORDER: Order = {
  _id: ORDER_ID,
  storeId: '0b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e51',
  ref: '00003',
  orderDate: '2026-11-22T13:05:00.000Z',
  customer: { full_name: 'Client 3', phone: '0555123458', region: 'Alger', city: 'Kouba' },
  variants: [{ quantity: 1, variant: { product: { name: 'Caftan' } } }],
  total: 9000,
  currency: 'DZD',
  status: 'confirmé',
  version: 1,
  notes: [],
  confirmateur: null,
  delivery: null,
  attempts: 0,
  callbackAt: null,
  claim: null,
  assignedTo: null,
  wilaya: null,
  commune: null,
  duplicateOf: null,
  blacklisted: null,
};

let routes: Record<string, (init?: RequestInit) => FakeReply | Promise<FakeReply>>;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const route = routes[callKey(input, init)];
  if (!route) throw new Error(`unexpected call ${callKey(input, init)}`);
  return fakeResponse(await route(init));
});
const puts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));
const field = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const accountOptions = () =>
  [...field('Delivery company').options].filter((option) => option.value).map((option) => option.text);
const deskNames = () =>
  [...field('Desk').options].filter((option) => option.value).map((option) => option.value);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

let consoleError: jest.SpyInstance;
beforeAll(() => loadPlaces());
beforeEach(() => {
  routes = {
    [`GET /api/delivery/account/${ORDER_ID}`]: () => ({ status: 200, body: [ZR, YALIDINE] }),
    [`GET /api/ZR/tarification/${ZR._id}`]: () => ({ status: 200, body: ZR_TARIFFS }),
    [`GET /api/ZR/tarification/${YALIDINE._id}`]: () => ({ status: 200, body: YALIDINE_TARIFFS }),
    [`GET /api/ZR/desks/${ZR._id}`]: () => ({ status: 200, body: ZR_DESKS }),
    [`GET /api/ZR/desks/${YALIDINE._id}`]: () => ({ status: 200, body: YALIDINE_DESKS }),
    [`PUT /api/orders/youcan/${ORDER_ID}`]: (init) => ({
      status: 200,
      body: { ...JSON.parse(String(init?.body)).delivery, deliveryAccount: YALIDINE },
    }),
  };
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
  signInForTest({ name: 'Yacine', token: 't', type: 'confirmateur' });
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  localStorage.clear();
});

function renderDialog(onSaved = jest.fn()) {
  render(
    <FreshCache>
      <DeliveryDialog order={ORDER} onClose={() => {}} onSaved={onSaved} />
    </FreshCache>,
  );
  return onSaved;
}

describe('Delivery Information form, an owner with several accounts', () => {
  it('shows each account with its price for the wilaya and delivery type, and saves the one picked', async () => {
    const onSaved = renderDialog();
    await waitFor(() =>
      expect(accountOptions()).toEqual([
        'ZR Express — Boutique Amina · 400 DZD',
        'Yalidine — Amina Yal · 550 DZD',
      ]),
    );
    // The value stays the account's id; the field keeps its label.
    await userEvent.selectOptions(field('Delivery company'), YALIDINE._id);
    await screen.findByText('Home delivery: 550 DZD');
    await userEvent.click(screen.getByLabelText('Stop desk'));
    expect(accountOptions()).toEqual([
      'ZR Express — Boutique Amina · 250 DZD',
      'Yalidine — Amina Yal · 350 DZD',
    ]);
    await userEvent.selectOptions(field('Wilaya'), '33');
    expect(accountOptions()).toEqual([
      'ZR Express — Boutique Amina · not offered here',
      'Yalidine — Amina Yal · 900 DZD',
    ]);
    await userEvent.click(screen.getByLabelText('At home'));
    await userEvent.selectOptions(field('Wilaya'), '16');
    await userEvent.selectOptions(field('Commune'), 'Kouba');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(puts()).toEqual([
      { delivery: { deliveryAccount: YALIDINE._id, wilaya: '16', isStopDesk: false, commune: 'Kouba' } },
    ]);
  });

  it('shows each price as it arrives: a table still being built holds no other back', async () => {
    let answer: (reply: FakeReply) => void = () => {};
    routes[`GET /api/ZR/tarification/${YALIDINE._id}`] = () =>
      new Promise<FakeReply>((resolve) => {
        answer = resolve;
      });
    renderDialog();
    await waitFor(() =>
      expect(accountOptions()).toEqual(['ZR Express — Boutique Amina · 400 DZD', 'Yalidine — Amina Yal']),
    );
    answer({ status: 200, body: YALIDINE_TARIFFS });
    await waitFor(() => expect(accountOptions()[1]).toBe('Yalidine — Amina Yal · 550 DZD'));
  });

  it('still offers an account whose tariffs cannot be read, without a price', async () => {
    routes[`GET /api/ZR/tarification/${ZR._id}`] = () => ({ status: 502, body: { message: 'down' } });
    renderDialog();
    await waitFor(() =>
      expect(accountOptions()).toEqual(['ZR Express — Boutique Amina', 'Yalidine — Amina Yal · 550 DZD']),
    );
  });
});

describe('Delivery Information form, the chosen account’s own stop desks', () => {
  it('offers the account’s desks as its carrier names them, and sends the one picked', async () => {
    const onSaved = renderDialog();
    await screen.findByRole('option', { name: /Amina Yal/ });
    await userEvent.selectOptions(field('Delivery company'), YALIDINE._id);
    await userEvent.click(screen.getByLabelText('Stop desk'));
    await waitFor(() => expect(deskNames()).toEqual(['Centre de Baraki', 'Centre de Bab Ezzouar']));
    await userEvent.selectOptions(field('Desk'), 'Centre de Baraki');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(puts()).toEqual([
      {
        delivery: { deliveryAccount: YALIDINE._id, wilaya: '16', isStopDesk: true, desk: 'Centre de Baraki' },
      },
    ]);
  });

  it('shows another account’s desks when the account changes, and the desk is picked again', async () => {
    renderDialog();
    await screen.findByRole('option', { name: /Amina Yal/ });
    await userEvent.selectOptions(field('Delivery company'), YALIDINE._id);
    await userEvent.click(screen.getByLabelText('Stop desk'));
    await waitFor(() => expect(deskNames()).toHaveLength(2));
    await userEvent.selectOptions(field('Desk'), 'Centre de Bab Ezzouar');
    await userEvent.selectOptions(field('Delivery company'), ZR._id);
    await waitFor(() => expect(deskNames()).toEqual(['Hub Birkhadem 16']));
    expect(field('Desk').value).toBe('');
  });

  it('disables the desk with "Stop Desk not available for this wilaya" where the account has none', async () => {
    renderDialog();
    await screen.findByRole('option', { name: /Amina Yal/ });
    await userEvent.selectOptions(field('Delivery company'), YALIDINE._id);
    await userEvent.click(screen.getByLabelText('Stop desk'));
    await waitFor(() => expect(deskNames()).toHaveLength(2));
    // Yalidine prices a stop desk in Illizi, but has no center there.
    await userEvent.selectOptions(field('Wilaya'), '33');
    expect(field('Desk').disabled).toBe(true);
    expect(screen.getByText(NO_DESK)).toBeTruthy();
    await userEvent.selectOptions(field('Wilaya'), '31');
    expect(field('Desk').disabled).toBe(true);
    await userEvent.selectOptions(field('Delivery company'), ZR._id);
    await waitFor(() => expect(field('Desk').disabled).toBe(false));
    expect(deskNames()).toEqual(['Hub Canastel 31']);
  });

  it('says the desks could not be loaded when the carrier cannot be reached', async () => {
    routes[`GET /api/ZR/desks/${YALIDINE._id}`] = () => ({
      status: 502,
      body: { message: 'Yalidine stop desks are unavailable right now, try again shortly' },
    });
    renderDialog();
    await screen.findByRole('option', { name: /Amina Yal/ });
    await userEvent.selectOptions(field('Delivery company'), YALIDINE._id);
    await userEvent.click(screen.getByLabelText('Stop desk'));
    await screen.findByText('The stop desks could not be loaded; try again shortly.');
    expect(field('Desk').disabled).toBe(true);
    expect(screen.queryByText(NO_DESK)).toBeNull();
  });
});
