import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import OrdersPage from '../../pages/OrdersPage';
import { setAccessToken } from '../../lib/access-token';
import { fakeResponse, type FakeReply } from '../../testing/fake-response';
import { renderWithProviders } from '../../testing/render-with-providers';
import { FIRST_ORDERS_PATH, startEarlyRequests } from '../../early-entry';
import { swrKeys } from '../../lib/swr-keys';
import { startEarlyOrdersRequest, takeEarlyOrdersPage } from './early-orders';
import { filtersFrom, ordersQuery } from './filters';
import { ORDERS_PAGE_SIZE } from './orders-page-request';
import type { Order } from './types';

const TOKEN = 'renewed-token';
const USER = { _id: 'u1', name: 'Amina', email: 'amina@souk.dz', type: 'owner' };

const order = (ref: string) =>
  ({
    _id: `00000000-0000-4000-8000-0000000000${ref}`,
    ref,
    orderDate: new Date(2026, 10, 22, 14, 5).toISOString(),
    customer: { full_name: `Client ${ref}`, phone: '0555123456', region: 'Alger', city: 'Bab Ezzouar' },
    variants: [{ quantity: 1, variant: { product: { name: 'Robe kabyle' } } }],
    total: 7800,
    status: 'pending',
    version: 1,
    notes: [],
    history: [],
  }) as unknown as Order;

let ordersAnswer: () => FakeReply;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://tawsil.test');
  const key = `${init?.method ?? 'GET'} ${url.pathname}`;
  if (key === 'POST /api/auth/refresh') return fakeResponse({ status: 200, body: { ...USER, token: TOKEN } });
  if (key === 'GET /api/orders/youcan') return fakeResponse(ordersAnswer());
  if (key === 'GET /api/stores/youcan') return fakeResponse({ status: 200, body: [] });
  throw new Error(`unexpected call ${key}`);
});
const calls = () =>
  fetchMock.mock.calls
    .map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`)
    .filter((call) => !/\/api\/(stores|events)/.test(call));

/** The screen as a reload of `at` mounts it, after the entry chunk started (or not) its early request. */
function renderOrders(at: string) {
  renderWithProviders(
    <Routes>
      <Route path="/orders" element={<OrdersPage />} />
    </Routes>,
    at,
  );
}

// The virtual window needs a height: jsdom lays nothing out.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

beforeEach(() => {
  // A reload: who is signed in is in storage, the access token is not (it lived in memory).
  localStorage.setItem('tawsil.user', JSON.stringify(USER));
  setAccessToken(undefined);
  ordersAnswer = () => ({ status: 200, body: [order('01'), order('02')], headers: { 'x-total-count': '2' } });
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
});
afterEach(() => {
  takeEarlyOrdersPage('');
  window.tawsilEarly = undefined;
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('The early orders request of a reload on /orders', () => {
  it('asks for the token, then the first page of the filtered orders, before the screen exists; the screen shows that answer without asking again', async () => {
    startEarlyOrdersRequest({ pathname: '/orders', search: '?status=confirm%C3%A9' });
    await waitFor(() =>
      expect(calls()).toEqual([
        'POST /api/auth/refresh',
        `GET /api/orders/youcan?status=${encodeURIComponent('confirmé')}&limit=100`,
      ]),
    );
    const [, init] = fetchMock.mock.calls[1];
    expect((init?.headers as Record<string, string>).authorization).toBe(`Bearer ${TOKEN}`);

    renderOrders('/orders?status=confirm%C3%A9');

    expect(await screen.findAllByTestId('order-row')).toHaveLength(2);
    expect(calls().filter((call) => call.startsWith('GET /api/orders'))).toHaveLength(1);
  });

  it('is not made on another page, nor for someone who is not signed in', () => {
    startEarlyOrdersRequest({ pathname: '/dashboard', search: '' });
    localStorage.clear();
    startEarlyOrdersRequest({ pathname: '/orders', search: '' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not shown when the screen asks for other filters, when it failed, or when it is old', async () => {
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    startEarlyOrdersRequest({ pathname: '/orders', search: '?status=pending' });
    expect(await takeEarlyOrdersPage('/api/orders/youcan?limit=100')).toBeUndefined();

    ordersAnswer = () => ({ status: 500, body: { message: 'busy' } });
    startEarlyOrdersRequest({ pathname: '/orders', search: '' });
    await waitFor(() => expect(calls().filter((call) => call.startsWith('GET /api/orders'))).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeEarlyOrdersPage('/api/orders/youcan?limit=100')).toBeUndefined();

    ordersAnswer = () => ({ status: 200, body: [order('03')], headers: { 'x-total-count': '1' } });
    startEarlyOrdersRequest({ pathname: '/orders', search: '' });
    await waitFor(() => expect(calls().filter((call) => call.startsWith('GET /api/orders'))).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    clock.mockReturnValue(now + 11_000);
    expect(takeEarlyOrdersPage('/api/orders/youcan?limit=100')).toBeUndefined();
  });
});

describe('The early entry, loaded beside the app by index.html', () => {
  it('asks for the same first page as the Orders screen opened with no filter', () => {
    const screenPath = `${swrKeys.orders}?${ordersQuery(filtersFrom(new URLSearchParams('view=all')), ORDERS_PAGE_SIZE)}`;
    expect(FIRST_ORDERS_PATH).toBe(screenPath);
  });

  it('starts the token renewal and the first orders before the app; the app takes both and asks for neither again', async () => {
    window.tawsilEarly = startEarlyRequests({ pathname: '/orders', search: '?view=all' });
    await waitFor(() => expect(calls()).toEqual(['POST /api/auth/refresh', `GET ${FIRST_ORDERS_PATH}`]));
    const [, init] = fetchMock.mock.calls[1];
    expect((init?.headers as Record<string, string>).authorization).toBe(`Bearer ${TOKEN}`);

    // The app's entry arrives.
    startEarlyOrdersRequest({ pathname: '/orders', search: '?view=all' });
    renderOrders('/orders?view=all');

    expect(await screen.findAllByTestId('order-row')).toHaveLength(2);
    expect(calls()).toEqual(['POST /api/auth/refresh', `GET ${FIRST_ORDERS_PATH}`]);
  });

  it('leaves a filtered page to the app, and the app asks again when the early answer was refused', async () => {
    window.tawsilEarly = startEarlyRequests({ pathname: '/orders', search: '?status=pending' });
    await waitFor(() => expect(calls()).toEqual(['POST /api/auth/refresh']));
    expect(window.tawsilEarly?.orders).toBeUndefined();
    window.tawsilEarly = undefined;
    fetchMock.mockClear();

    let answers = 0;
    ordersAnswer = () =>
      ++answers === 1
        ? { status: 503, body: { message: 'busy' } }
        : { status: 200, body: [order('01')], headers: { 'x-total-count': '1' } };
    window.tawsilEarly = startEarlyRequests({ pathname: '/orders', search: '' });
    startEarlyOrdersRequest({ pathname: '/orders', search: '' });
    renderOrders('/orders');

    expect(await screen.findAllByTestId('order-row')).toHaveLength(1);
    expect(calls().filter((call) => call.startsWith('GET /api/orders'))).toHaveLength(2);
  });

  it('starts nothing on another page, nor for someone who is not signed in', () => {
    expect(startEarlyRequests({ pathname: '/dashboard', search: '' })).toBeUndefined();
    localStorage.clear();
    expect(startEarlyRequests({ pathname: '/orders', search: '' })).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
