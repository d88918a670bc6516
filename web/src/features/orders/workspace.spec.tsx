import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { DeliveryAccount } from '../delivery/api';
import { loadPlaces } from '../delivery/places';
import OrdersPage from '../../pages/OrdersPage';
import type { Order } from './types';
import { SLICE_SIZE } from './components/use-growing-in-slices';
import { signInForTest } from '../../testing/sign-in-for-test';
import { fakeResponse } from '../../testing/fake-response';
import { renderWithProviders } from '../../testing/render-with-providers';

const AGENT_ID = 'a0000000-0000-4000-8000-000000000001';
const ACCOUNT: DeliveryAccount = {
  _id: '4f1c7d0e-2b1a-4c3d-9e8f-0a1b2c3d4e5f',
  company: 'zrexpress',
  api: 'procolis',
  storeName: 'Boutique Amina',
  createdAt: '2026-11-20T08:00:00.000Z',
};
const HOUR = 60 * 60 * 1000;

function order(n: number, values: Partial<Order> = {}): Order {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    storeId: '0b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e51',
    ref: String(n).padStart(5, '0'),
    orderDate: '2026-11-22T13:05:00.000Z',
    customer: { full_name: `Client ${n}`, phone: '0555123456', region: 'wahran', city: 'bir el djir' },
    variants: [{ quantity: 2, variant: { product: { name: 'Robe kabyle' } } }],
    total: 7800,
    currency: 'DZD',
    status: 'pending',
    version: 3,
    notes: [],
    confirmateur: null,
    delivery: null,
    attempts: 0,
    callbackAt: null,
    claim: null,
    assignedTo: null,
    wilaya: { code: 31, name: 'Oran', nameAr: 'وهران' },
    commune: 'Bir El Djir',
    duplicateOf: null,
    blacklisted: null,
    ...values,
  };
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = (url: URL, init: RequestInit | undefined) => Reply;

let routes: Record<string, Handler>;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://tawsil.test');
  const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
  if (!route) throw new Error(`unexpected call ${init?.method ?? 'GET'} ${url.pathname}`);
  return fakeResponse(route(url, init));
});
const sent = (method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).startsWith(path))
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
const listed = (orders: Order[]): Reply => ({
  status: 200,
  body: orders,
  headers: { 'x-total-count': String(orders.length), 'x-total-count-exact': 'true' },
});
const orderPath = (o: Order) => `/api/orders/youcan/${o._id}`;
/** The server's answer to a PUT: the order as sent, one version on. */
const saves =
  (o: Order): Handler =>
  (_url, init) => {
    const body = JSON.parse(String(init?.body));
    return {
      status: 200,
      body: { ...o, status: body.status, callbackAt: body.callbackAt ?? null, version: o.version + 1 },
    };
  };

function renderPage(type: 'owner' | 'confirmateur', path = '/orders') {
  signInForTest({ _id: AGENT_ID, name: 'Yacine', token: 't', type });
  renderWithProviders(
    <Routes>
      <Route path="/orders" element={<OrdersPage />} />
    </Routes>,
    path,
  );
}
const cardOf = async (ref: string) => screen.findByRole('article', { name: `Order ${ref}` });

let consoleError: jest.SpyInstance;
beforeAll(async () => {
  await loadPlaces();
  // A 390 px phone.
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width'),
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});
beforeEach(() => {
  routes = {
    'GET /api/stores/youcan': () => ({ status: 200, body: [] }),
    'GET /api/orders/availability': () => ({ status: 200, body: { available: true } }),
  };
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  localStorage.clear();
});

describe('Order cards on a phone', () => {
  it('shows who to call and how, every product line, the place by name, attempts, callback and flags, with no table', async () => {
    const callbackAt = new Date(Date.now() - HOUR).toISOString();
    const first = order(1, {
      variants: [
        { quantity: 2, variant: { product: { name: 'Robe kabyle' } } },
        { quantity: 1, variant: { product: { name: 'Foulard en soie' } } },
      ],
      status: 'reporté',
      attempts: 3,
      callbackAt,
      blacklisted: { reason: 'Refused two parcels' },
      claim: { userId: 'someone-else', name: 'Karim', until: new Date(Date.now() + HOUR).toISOString() },
    });
    routes['GET /api/orders/youcan'] = () => listed([first]);
    renderPage('owner');
    const card = await cardOf('00001');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByRole('heading', { name: 'Client 1' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Call 0555123456' }).getAttribute('href')).toBe(
      'tel:0555123456',
    );
    expect(within(card).getByRole('link', { name: 'WhatsApp 0555123456' }).getAttribute('href')).toBe(
      'https://wa.me/213555123456',
    );
    expect(card.textContent).toContain('Oran · Bir El Djir');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['2 × Robe kabyle', '1 × Foulard en soie']);
    expect(within(card).getByTestId('card-total').textContent).toBe('7,800 DZD');
    expect(within(card).getByTestId('status').textContent).toBe('reporté');
    expect(within(card).getByTestId('attempts').textContent).toBe('3rd attempt');
    expect(within(card).getByTestId('callback').textContent).toMatch(
      /^Callback \d+ \w+, \d\d:\d\d · overdue$/,
    );
    expect(within(card).getByTestId('blacklisted').textContent).toBe('Blacklisted: Refused two parcels');
    expect(within(card).getByTestId('claimed').textContent).toBe('Karim is on it');
  });

  it('takes the next page with More orders: every card of it comes in, and the first ones stay as they were', async () => {
    // More than one slice of cards (SLICE_SIZE) in the next page.
    const firstPage = Array.from({ length: 5 }, (_, i) => order(i + 1));
    const nextPage = Array.from({ length: SLICE_SIZE + 5 }, (_, i) => order(i + 6));
    const all = firstPage.length + nextPage.length;
    routes['GET /api/orders/youcan'] = (requested): Reply =>
      requested.searchParams.get('cursor') === 'page-2'
        ? { ...listed(nextPage), headers: { 'x-total-count': String(all) } }
        : { ...listed(firstPage), headers: { 'x-total-count': String(all), 'x-next-cursor': 'page-2' } };
    renderPage('owner');
    const first = await cardOf('00001');
    expect(screen.getAllByTestId('order-card')).toHaveLength(firstPage.length);
    await userEvent.click(screen.getByRole('button', { name: 'More orders' }));
    await waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(all), { timeout: 5000 });
    expect(await cardOf('00001')).toBe(first);
    expect(screen.queryByRole('button', { name: /more orders/i })).toBeNull();
  });

  it('records a Pas de réponse in one tap, with the version read', async () => {
    const first = order(1, { attempts: 1 });
    routes['GET /api/orders/youcan'] = () => listed([first]);
    routes[`PUT ${orderPath(first)}`] = (url, init) => ({
      ...saves(first)(url, init),
      body: { ...first, status: 'pas de réponse', attempts: 2, version: 4 },
    });
    renderPage('owner');
    await userEvent.click(within(await cardOf('00001')).getByRole('button', { name: 'Pas de réponse' }));
    await waitFor(async () =>
      expect(within(await cardOf('00001')).getByTestId('attempts').textContent).toBe('2nd attempt'),
    );
    expect(sent('PUT', orderPath(first))).toEqual([
      { version: 3, status: 'pas de réponse', customer: first.customer, quantity: 2 },
    ]);
    expect((await screen.findByTestId('toast')).textContent).toBe('Order 00001: pas de réponse');
  });

  it('asks Reporté for a date and a time on an Algerian clock, and sends that instant', async () => {
    const first = order(1);
    routes['GET /api/orders/youcan'] = () => listed([first]);
    routes[`PUT ${orderPath(first)}`] = saves(first);
    renderPage('owner');
    await userEvent.click(within(await cardOf('00001')).getByRole('button', { name: 'Reporté' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call back when?' });
    expect(sent('PUT', orderPath(first))).toEqual([]);
    await userEvent.clear(within(dialog).getByLabelText('Date'));
    await userEvent.type(within(dialog).getByLabelText('Date'), '2099-03-02');
    await userEvent.clear(within(dialog).getByLabelText('Time (Algerian time)'));
    await userEvent.type(within(dialog).getByLabelText('Time (Algerian time)'), '18:15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reporté' }));
    await waitFor(() => expect(sent('PUT', orderPath(first))).toHaveLength(1));
    expect(sent('PUT', orderPath(first))[0]).toMatchObject({
      status: 'reporté',
      callbackAt: '2099-03-02T17:15:00.000Z',
    });
    expect((await within(await cardOf('00001')).findByTestId('callback')).textContent).toBe(
      'Callback 2 Mar, 18:15',
    );
  });

  it('refuses a callback in the past without sending anything', async () => {
    const first = order(1);
    routes['GET /api/orders/youcan'] = () => listed([first]);
    renderPage('owner');
    await userEvent.click(within(await cardOf('00001')).getByRole('button', { name: 'Reporté' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call back when?' });
    await userEvent.clear(within(dialog).getByLabelText('Date'));
    await userEvent.type(within(dialog).getByLabelText('Date'), '2020-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reporté' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The callback must be in the future');
    expect(sent('PUT', orderPath(first))).toEqual([]);
  });

  it('goes from Confirmé straight into the delivery form, started from the recognised place and the only account', async () => {
    const first = order(1);
    routes['GET /api/orders/youcan'] = () => listed([first]);
    routes[`PUT ${orderPath(first)}`] = saves(first);
    routes[`GET /api/delivery/account/${first._id}`] = () => ({ status: 200, body: [ACCOUNT] });
    routes[`GET /api/ZR/tarification/${ACCOUNT._id}`] = () => ({
      status: 200,
      body: [{ IDWilaya: 31, Wilaya: 'Oran', Domicile: '600', Stopdesk: '400' }],
    });
    renderPage('owner');
    await userEvent.click(within(await cardOf('00001')).getByRole('button', { name: 'Confirmé' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivery Information' });
    await within(dialog).findByText('Home delivery: 600 DZD');
    expect((within(dialog).getByLabelText('Delivery company') as HTMLSelectElement).value).toBe(ACCOUNT._id);
    expect((within(dialog).getByLabelText('Wilaya') as HTMLSelectElement).value).toBe('31');
    expect((within(dialog).getByLabelText('Commune') as HTMLSelectElement).value).toBe('Bir El Djir');
    expect(sent('PUT', orderPath(first))[0]).toMatchObject({ status: 'confirmé' });
  });

  it('does not open the delivery form when a confirmed order already has its delivery', async () => {
    const delivery = { deliveryAccount: ACCOUNT, wilaya: '31', isStopDesk: false, commune: 'Es Senia' };
    const first = order(1, { status: 'pas de réponse', delivery });
    routes['GET /api/orders/youcan'] = () => listed([first]);
    routes[`PUT ${orderPath(first)}`] = saves(first);
    renderPage('owner');
    await userEvent.click(within(await cardOf('00001')).getByRole('button', { name: 'Confirmé' }));
    await waitFor(async () =>
      expect(within(await cardOf('00001')).getByTestId('status').textContent).toBe('confirmé'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels a possible duplicate in one tap, and shows the customer’s other orders', async () => {
    const first = order(1, { duplicateOf: order(2)._id });
    routes['GET /api/orders/youcan'] = () => listed([first]);
    routes[`POST ${orderPath(first)}/cancel-duplicate`] = () => ({
      status: 200,
      body: { ...first, status: 'annulée', version: 4 },
    });
    routes[`GET ${orderPath(first)}/customer`] = () => ({
      status: 200,
      body: {
        phone: '0555123456',
        orders: [
          {
            _id: first._id,
            ref: '00001',
            orderDate: first.orderDate,
            status: 'pending',
            total: 7800,
            storeId: first.storeId,
          },
          {
            _id: 'o2',
            ref: '00002',
            orderDate: first.orderDate,
            status: 'livrée',
            total: 3200,
            storeId: first.storeId,
          },
          {
            _id: 'o3',
            ref: '00003',
            orderDate: first.orderDate,
            status: 'retour',
            total: 4100,
            storeId: first.storeId,
          },
        ],
      },
    });
    renderPage('owner');
    const card = await cardOf('00001');
    expect(within(card).getByTestId('duplicate').textContent).toBe('Possible duplicate');
    await userEvent.click(within(card).getByRole('button', { name: 'Other orders' }));
    const others = await within(card).findAllByTestId('customer-order');
    expect(others.map((other) => other.textContent)).toEqual([
      expect.stringMatching(/^00002.*3,200 DZD.*livrée$/),
      expect.stringMatching(/^00003.*4,100 DZD.*retour$/),
    ]);
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel as duplicate' }));
    await waitFor(() => expect(within(card).getByTestId('status').textContent).toBe('annulée'));
    expect(within(card).queryByRole('button', { name: 'Cancel as duplicate' })).toBeNull();
  });

  it('shows the holder’s name when another agent’s claim refuses the save', async () => {
    const first = order(1);
    routes['GET /api/orders/youcan'] = () => listed([first]);
    routes[`PUT ${orderPath(first)}`] = () => ({ status: 409, body: { message: 'Karim is on this order' } });
    renderPage('owner');
    await userEvent.click(within(await cardOf('00001')).getByRole('button', { name: 'Annulée' }));
    expect((await within(await cardOf('00001')).findByRole('alert')).textContent).toBe(
      'Order 00001: Karim is on this order',
    );
  });
});

describe('The queue, À appeler', () => {
  const queue = (orders: Order[]) => ({
    status: 200,
    body: { counts: { callbacks: 1, new: 2, retry: 3, overdue: 1 }, orders },
  });

  it('is an agent’s first view on a phone: counts per bucket, then Next order claims one and the card is ready', async () => {
    const first = order(1, {
      claim: { userId: AGENT_ID, name: 'Yacine', until: new Date(Date.now() + HOUR).toISOString() },
    });
    const waiting = [
      order(4, { status: 'reporté', callbackAt: new Date(Date.now() - HOUR).toISOString() }),
      order(5),
      order(6, { status: 'pas de réponse', attempts: 5, proposeCancel: true }),
    ];
    routes['GET /api/orders/queue'] = () => queue(waiting);
    routes['POST /api/orders/queue/next'] = () => ({ status: 200, body: first });
    routes[`PUT ${orderPath(first)}`] = saves(first);
    routes[`GET /api/delivery/account/${first._id}`] = () => ({ status: 200, body: [ACCOUNT] });
    routes[`GET /api/ZR/tarification/${ACCOUNT._id}`] = () => ({ status: 200, body: [] });
    renderPage('confirmateur');
    expect(await screen.findByRole('heading', { name: 'À appeler' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('queue-count-overdue').textContent).toBe('1'));
    expect(
      ['callbacks', 'new', 'retry'].map((bucket) => screen.getByTestId(`queue-count-${bucket}`).textContent),
    ).toEqual(['1', '2', '3']);
    const items = screen.getAllByTestId('queue-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Client 4.*Callback .* · overdue$/),
      expect.stringMatching(/Client 5.*New$/),
      expect.stringMatching(/Client 6.*5th attempt · past the maximum attempts: cancel it\?$/),
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Next order' }));
    const card = await cardOf('00001');
    expect(within(card).queryByTestId('claimed')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Confirmé' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivery Information' });
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Delivery company') as HTMLSelectElement).value).toBe(
        ACCOUNT._id,
      ),
    );
    expect(sent('POST', '/api/orders/queue/next')).toEqual([{}]);
    expect(sent('PUT', orderPath(first))[0]).toMatchObject({ status: 'confirmé', version: 3 });
    // Saved: the claim ended, the card left, Next order is back.
    expect(screen.queryByRole('article', { name: 'Order 00001' })).toBeNull();
  });

  it('says when nobody is waiting', async () => {
    routes['GET /api/orders/queue'] = () => queue([]);
    routes['POST /api/orders/queue/next'] = () => ({ status: 204 });
    renderPage('confirmateur');
    await userEvent.click(await screen.findByRole('button', { name: 'Next order' }));
    expect(await screen.findByText('Nobody is waiting right now.')).toBeTruthy();
  });

  it('claims an order opened from the queue, hands it back on request, and names who holds one it cannot open', async () => {
    const fourth = order(4);
    const fifth = order(5);
    routes['GET /api/orders/queue'] = () => queue([fourth, fifth]);
    routes[`POST ${orderPath(fourth)}/claim`] = () => ({
      status: 200,
      body: { userId: AGENT_ID, name: 'Yacine', until: new Date(Date.now() + HOUR).toISOString() },
    });
    routes[`DELETE ${orderPath(fourth)}/claim`] = () => ({ status: 200, body: { released: true } });
    routes[`POST ${orderPath(fifth)}/claim`] = () => ({
      status: 409,
      body: { message: 'Karim is on this order' },
    });
    renderPage('confirmateur');
    await userEvent.click(await screen.findByRole('button', { name: 'Open order 00004, Client 4' }));
    const card = await cardOf('00004');
    expect(screen.queryByRole('button', { name: 'Next order' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Hand back' }));
    await waitFor(() => expect(sent('DELETE', `${orderPath(fourth)}/claim`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Next order' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Open order 00005, Client 5' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Karim is on this order');
    expect(screen.queryByRole('article', { name: 'Order 00005' })).toBeNull();
  });

  it('opens on every order for an owner, with the queue one tap away', async () => {
    routes['GET /api/orders/youcan'] = () => listed([order(1)]);
    routes['GET /api/orders/queue'] = () => queue([order(4)]);
    renderPage('owner');
    await cardOf('00001');
    await userEvent.click(screen.getByRole('button', { name: 'À appeler' }));
    expect(await screen.findByRole('button', { name: 'Open order 00004, Client 4' })).toBeTruthy();
  });
});
