import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { i18n } from '../../i18n/i18n';
import ar from '../../i18n/locales/ar.json';
import fr from '../../i18n/locales/fr.json';
import OrdersPage from '../../pages/OrdersPage';
import type { Order } from './types';
import { signInForTest } from '../../testing/sign-in-for-test';
import { fakeResponse } from '../../testing/fake-response';
import { renderWithProviders } from '../../testing/render-with-providers';

const TOKEN = 'session-token';
const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString();

function order(n: number, values: Partial<Order> = {}): Order {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    storeId: '0b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e51',
    ref: String(n).padStart(5, '0'),
    orderDate: at(22, 14, 5),
    customer: { full_name: `Client ${n}`, phone: '0555123456', region: 'Alger', city: 'Bab Ezzouar' },
    variants: [{ quantity: 2, variant: { product: { name: 'Robe kabyle' } } }],
    total: 7800,
    currency: 'DZD',
    status: 'pending',
    version: 3,
    notes: [],
    confirmateur: null,
    delivery: null,
    history: [],
    attempts: 0,
    callbackAt: null,
    claim: null,
    assignedTo: null,
    wilaya: { code: 16, name: 'Alger', nameAr: 'الجزائر' },
    commune: 'Bab Ezzouar',
    duplicateOf: null,
    blacklisted: null,
    ...values,
  };
}

const FIRST = order(1, {
  notes: [
    { _id: 'n1', message: 'Rappeler demain', createdAt: at(22, 15, 0), user: { _id: 'u1', name: 'Yacine' } },
    {
      _id: 'n2',
      message: 'Client injoignable',
      createdAt: at(22, 16, 0),
      user: { _id: 'u1', name: 'Yacine' },
    },
  ],
  confirmateur: { name: 'Yacine' },
  delivery: {
    deliveryAccount: { _id: 'a1', company: 'zrexpress', storeName: 'Boutique Amina' },
    wilaya: '16',
    isStopDesk: false,
    commune: 'Bab Ezzouar',
  },
  history: [
    { timestamp: at(22, 15, 30), changes: 'status: pending → confirmé', user: { _id: 'u1', name: 'Yacine' } },
    {
      timestamp: at(22, 16, 0),
      changes: 'note added: Client injoignable',
      user: { _id: 'u1', name: 'Yacine' },
    },
  ],
});
const SECOND = order(2, {
  delivery: {
    deliveryAccount: { _id: 'a1', company: 'zrexpress', storeName: 'Boutique Amina' },
    wilaya: '31',
    isStopDesk: true,
    desk: 'Oran',
  },
});
const THIRD = order(3);

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = (url: URL, init: RequestInit | undefined) => Reply | Promise<Reply>;

let routes: Record<string, Handler>;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://tawsil.test');
  const key = `${init?.method ?? 'GET'} ${url.pathname}`;
  const route = routes[key];
  if (!route) throw new Error(`unexpected call ${key}`);
  return fakeResponse(await route(url, init));
});
/** The calls about orders: the stores (for the store filter) and the live events' stream aside. */
const requests = (method: string) =>
  fetchMock.mock.calls
    .filter(
      ([input]) => !/^\/api\/(stores|events)/.test(new URL(String(input), 'http://tawsil.test').pathname),
    )
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://tawsil.test'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
const listed = (orders: Order[], headers: Record<string, string> = {}): Reply => ({
  status: 200,
  body: orders,
  headers: { 'x-total-count': String(orders.length), 'x-total-count-exact': 'true', ...headers },
});

const url = { search: '' };
function LocationProbe() {
  url.search = useLocation().search;
  return null;
}

function renderPage(type: 'owner' | 'confirmateur' = 'owner', path = '/orders') {
  signInForTest({ name: 'Amina', token: TOKEN, type });
  renderWithProviders(
    <>
      <LocationProbe />
      <Routes>
        <Route path="/orders" element={<OrdersPage />} />
      </Routes>
    </>,
    path,
  );
}

const rows = () => screen.findAllByTestId('order-row');
const rowOf = async (ref: string) =>
  (await rows()).find((row) => within(row).queryByText(ref) !== null) ?? Promise.reject(new Error(ref));
const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);

// The virtual window needs a height: jsdom lays nothing out.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

let consoleError: jest.SpyInstance;
beforeEach(() => {
  routes = {
    'GET /api/orders/youcan': () => listed([FIRST, SECOND, THIRD], { 'x-total-count': '1234' }),
    'GET /api/stores/youcan': () => ({ status: 200, body: [] }),
  };
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  localStorage.clear();
});

describe('Orders page', () => {
  it('shows the owner every column in order, each order in words, and the total, with the token', async () => {
    renderPage();
    expect(await rows()).toHaveLength(3);
    expect(headers()).toEqual([
      'Select',
      'ID',
      'Order Date',
      'Full Name',
      'Phone',
      'Region',
      'City',
      'Product Name',
      'Quantity',
      'Total Charge',
      'Status',
      'Notes',
      'Confirmateur',
      'Delivery',
      'Actions',
      'History',
      'Add Note',
    ]);
    const cells = within(await rowOf('00001'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '',
      '00001',
      '22 November 2026, 14:05',
      'Client 1',
      '0555123456',
      'Alger',
      'Bab Ezzouar',
      'Robe kabyle',
      '2',
      '7,800 DZD',
      'pending',
      'Client injoignable',
      'Yacine',
      'Home, Bab Ezzouar, wilaya 16zrexpress · Boutique AminaChange delivery',
      'Edit order',
      'History',
      'add note',
    ]);
    expect(within(await rowOf('00002')).getByText('Stop desk Oran, wilaya 31')).toBeTruthy();
    expect(within(await rowOf('00003')).getByTestId('latest-note').textContent).toBe('No notes');
    expect(screen.getByTestId('orders-total').textContent).toBe('1,234 orders');
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeTruthy();
    expect(document.title).toBe('Orders · Tawsil');
    const [, init] = fetchMock.mock.calls[0];
    expect((init?.headers as Record<string, string>).authorization).toBe(`Bearer ${TOKEN}`);
    expect(requests('GET')[0].url.searchParams.get('limit')).toBe('100');
  });

  it('shows a confirmateur no Select column, no History column and no bulk button', async () => {
    renderPage('confirmateur');
    await rows();
    expect(headers()).not.toContain('Select');
    expect(headers()).not.toContain('History');
    expect(headers()).toHaveLength(15);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /History/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
  });

  it('says "at least" when the server stopped counting', async () => {
    routes['GET /api/orders/youcan'] = () =>
      listed([FIRST], { 'x-total-count': '10000', 'x-total-count-exact': 'false' });
    renderPage();
    expect((await screen.findByTestId('orders-total')).textContent).toBe('10,000+ orders');
  });

  it('puts the filters in the URL and in the request, and sends the search once typing pauses', async () => {
    renderPage();
    await rows();
    await userEvent.type(screen.getByLabelText('Search'), 'robe');
    await waitFor(() => expect(url.search).toBe('?q=robe'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'confirmé');
    await userEvent.selectOptions(screen.getByLabelText('Region'), '16');
    await userEvent.type(screen.getByLabelText('Start date'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('End date'), '2026-11-30');
    const region = screen.getByLabelText('Region') as HTMLSelectElement;
    expect(region.options).toHaveLength(59);
    expect(region.selectedOptions[0].textContent).toBe('16 - Alger');
    expect(new URLSearchParams(url.search).toString()).toBe(
      'q=robe&status=confirm%C3%A9&region=16&from=2026-11-01&to=2026-11-30',
    );
    await waitFor(() => {
      const last = requests('GET').at(-1)!.url.searchParams;
      expect(Object.fromEntries(last)).toEqual({
        q: 'robe',
        status: 'confirmé',
        region: '16',
        from: new Date(2026, 10, 1, 0, 0, 0, 0).toISOString(),
        to: new Date(2026, 10, 30, 23, 59, 59, 999).toISOString(),
        limit: '100',
      });
    });
    // One request per settled search, not one per key.
    expect(
      requests('GET')
        .filter(({ url }) => url.searchParams.has('q'))[0]
        .url.searchParams.get('q'),
    ).toBe('robe');
    expect(
      requests('GET').some(({ url }) => ['r', 'ro', 'rob'].includes(url.searchParams.get('q') ?? '')),
    ).toBe(false);
  });

  it('reads the filters from the URL it opens on', async () => {
    renderPage('owner', '/orders?status=annul%C3%A9e&region=31&q=Client');
    await rows();
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Client');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('annulée');
    const first = requests('GET')[0].url.searchParams;
    expect([first.get('q'), first.get('status'), first.get('region')]).toEqual(['Client', 'annulée', '31']);
  });

  it('filters by store when the owner has several, in the URL and in the request', async () => {
    const stores = [
      { _id: '0b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e51', name: 'boutique-amina', sync: { state: 'done' } },
      { _id: '7c2d9e4f-1a3b-4c5d-8e6f-9a0b1c2d3e4f', name: 'souk-oran', sync: { state: 'done' } },
    ];
    routes['GET /api/stores/youcan'] = () => ({ status: 200, body: stores });
    renderPage('owner');
    await rows();
    await userEvent.selectOptions(await screen.findByLabelText('Store'), 'souk-oran');
    await waitFor(() => expect(url.search).toContain(`storeId=${stores[1]._id}`));
    await waitFor(() => expect(requests('GET').at(-1)!.url.searchParams.get('storeId')).toBe(stores[1]._id));
  });

  it('fetches the next page with the cursor when the end of the list is near', async () => {
    routes['GET /api/orders/youcan'] = (requested) =>
      requested.searchParams.get('cursor') === 'page-2'
        ? listed([THIRD], { 'x-total-count': '3' })
        : listed([FIRST, SECOND], { 'x-total-count': '3', 'x-next-cursor': 'page-2' });
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(3));
    expect(requests('GET').map(({ url }) => url.searchParams.get('cursor'))).toEqual([null, 'page-2']);
    expect(screen.getByTestId('orders-total').textContent).toBe('3 orders');
  });

  it('leaves edit mode without any call when nothing changed', async () => {
    renderPage('confirmateur');
    const row = await rowOf('00003');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit order' }));
    expect((within(row).getByLabelText('Full Name') as HTMLInputElement).value).toBe('Client 3');
    const status = within(row).getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((option) => option.value)).toEqual([
      'confirmé',
      'pending',
      'pas de réponse',
      'annulée',
      'test',
      'reporté',
    ]);
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(within(row).getByRole('button', { name: 'Edit order' })).toBeTruthy();
    expect(within(row).queryByLabelText('Full Name')).toBeNull();
    expect(requests('PUT')).toEqual([]);
  });

  it('sends the full edited order with the version it read, and shows what the server answers', async () => {
    routes[`PUT /api/orders/youcan/${THIRD._id}`] = (_url, init) => {
      const sent = JSON.parse(String(init?.body));
      return {
        status: 200,
        body: order(3, {
          status: sent.status,
          customer: sent.customer,
          variants: [{ quantity: sent.quantity, variant: { product: { name: 'Robe kabyle' } } }],
          confirmateur: { name: 'Amina' },
          version: 4,
        }),
      };
    };
    renderPage('confirmateur');
    const row = await rowOf('00003');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit order' }));
    await userEvent.clear(within(row).getByLabelText('Phone'));
    await userEvent.type(within(row).getByLabelText('Phone'), '0661000000');
    await userEvent.clear(within(row).getByLabelText('Quantity'));
    await userEvent.type(within(row).getByLabelText('Quantity'), '3');
    await userEvent.selectOptions(within(row).getByLabelText('Status'), 'confirmé');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(row).getByTestId('status').textContent).toBe('confirmé'));
    expect(requests('PUT')).toEqual([
      {
        url: expect.objectContaining({ pathname: `/api/orders/youcan/${THIRD._id}` }),
        body: {
          version: 3,
          status: 'confirmé',
          customer: { full_name: 'Client 3', phone: '0661000000', region: 'Alger', city: 'Bab Ezzouar' },
          quantity: 3,
        },
      },
    ]);
    expect(row.textContent).toContain('0661000000');
    expect(row.textContent).toContain('Amina');
    expect(within(row).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows the 409 message, logs it and reloads the row', async () => {
    const message = 'This order was changed by someone else. Reload it and try again.';
    routes[`PUT /api/orders/youcan/${THIRD._id}`] = () => ({ status: 409, body: { message } });
    renderPage();
    const row = await rowOf('00003');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit order' }));
    await userEvent.selectOptions(within(row).getByLabelText('Status'), 'annulée');
    routes['GET /api/orders/youcan'] = () =>
      listed([FIRST, SECOND, order(3, { status: 'test', version: 4 })]);
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Order 00003: ${message}`);
    expect(consoleError).toHaveBeenCalled();
    await waitFor(async () =>
      expect(within(await rowOf('00003')).getByTestId('status').textContent).toBe('test'),
    );
    expect(requests('GET')).toHaveLength(2);
  });

  it('shows the refused field’s message at that field when the server answers 400, and stays in edit mode', async () => {
    const message = 'customer.phone must be a 10-digit number starting with 05, 06 or 07';
    routes[`PUT /api/orders/youcan/${THIRD._id}`] = () => ({ status: 400, body: { message } });
    renderPage();
    const row = await rowOf('00003');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit order' }));
    await userEvent.clear(within(row).getByLabelText('Phone'));
    await userEvent.type(within(row).getByLabelText('Phone'), '12');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    const phone = await within(row).findByRole('textbox', { name: 'Phone', description: message });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(within(row).getByRole('alert').textContent).toBe(message);
    expect(within(row).getByLabelText('Full Name').getAttribute('aria-invalid')).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });

  it.each([
    ['fr', fr, 'customer.phone doit être un numéro à 10 chiffres commençant par 05, 06 ou 07'],
    ['ar', ar, 'يجب أن يكون الحقل customer.phone رقمًا من 10 أرقام يبدأ بـ 05 أو 06 أو 07'],
  ] as const)(
    'says a refused field at that field in %s, with the rule it broke',
    async (language, texts, said) => {
      routes[`PUT /api/orders/youcan/${THIRD._id}`] = () => ({
        status: 400,
        body: {
          message: 'customer.phone must be a 10-digit number starting with 05, 06 or 07',
          code: 'validation.failed',
          params: { field: 'customer.phone', constraint: 'matches', rule: 'validation.phone_mobile' },
        },
      });
      await i18n.changeLanguage(language);
      try {
        renderPage();
        const row = await rowOf('00003');
        await userEvent.click(within(row).getByRole('button', { name: texts.row.edit }));
        await userEvent.clear(within(row).getByLabelText(texts.orders.columns.phone));
        await userEvent.type(within(row).getByLabelText(texts.orders.columns.phone), '12');
        await userEvent.click(within(row).getByRole('button', { name: texts.row.save }));
        await within(row).findByRole('textbox', { name: texts.orders.columns.phone, description: said });
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );

  it('says each of several refused fields in French, not in the server’s English', async () => {
    routes[`PUT /api/orders/youcan/${THIRD._id}`] = () => ({
      status: 400,
      body: {
        message:
          'customer.phone must be a 10-digit number starting with 05, 06 or 07; quantity must not be less than 1',
        code: 'errors.bad_request',
      },
    });
    await i18n.changeLanguage('fr');
    try {
      renderPage();
      const row = await rowOf('00003');
      await userEvent.click(within(row).getByRole('button', { name: fr.row.edit }));
      await userEvent.clear(within(row).getByLabelText(fr.orders.columns.phone));
      await userEvent.type(within(row).getByLabelText(fr.orders.columns.phone), '12');
      await userEvent.click(within(row).getByRole('button', { name: fr.row.save }));
      await within(row).findByRole('textbox', {
        name: fr.orders.columns.phone,
        description: "customer.phone n'est pas valide",
      });
      expect(within(row).getByLabelText(fr.orders.columns.quantity).getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(row.textContent).not.toContain('must');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('saves a row with Enter and leaves it unchanged with Escape', async () => {
    routes[`PUT /api/orders/youcan/${THIRD._id}`] = (_url, init) => {
      const sent = JSON.parse(String(init?.body));
      return { status: 200, body: order(3, { customer: sent.customer, version: 4 }) };
    };
    renderPage('confirmateur');
    const row = await rowOf('00003');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit order' }));
    await userEvent.clear(within(row).getByLabelText('Full Name'));
    await userEvent.type(within(row).getByLabelText('Full Name'), 'Nadia B{Escape}');
    expect(within(row).queryByLabelText('Full Name')).toBeNull();
    expect(row.textContent).toContain('Client 3');
    expect(requests('PUT')).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Edit order' }));
    await userEvent.clear(within(row).getByLabelText('Full Name'));
    await userEvent.type(within(row).getByLabelText('Full Name'), 'Nadia B{Enter}');
    await waitFor(() => expect(within(row).queryByLabelText('Full Name')).toBeNull());
    expect(row.textContent).toContain('Nadia B');
    expect(requests('PUT')).toHaveLength(1);
    expect(requests('PUT')[0].body.customer.full_name).toBe('Nadia B');
    expect((await screen.findByTestId('toast')).textContent).toBe('Order 00003 saved');
  });

  it('sends reporté from the row with the callback read on an Algerian clock', async () => {
    routes[`PUT /api/orders/youcan/${THIRD._id}`] = (_url, init) => {
      const sent = JSON.parse(String(init?.body));
      return { status: 200, body: order(3, { status: 'reporté', callbackAt: sent.callbackAt, version: 4 }) };
    };
    renderPage('confirmateur');
    const row = await rowOf('00003');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit order' }));
    await userEvent.selectOptions(within(row).getByLabelText('Status'), 'reporté');
    const callback = within(row).getByLabelText('Callback');
    await userEvent.clear(callback);
    await userEvent.type(callback, '2099-01-15T09:30');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(row).getByTestId('status').textContent).toBe('reporté'));
    expect(requests('PUT')[0].body).toMatchObject({
      status: 'reporté',
      callbackAt: '2099-01-15T08:30:00.000Z',
    });
    expect(within(row).getByTestId('callback').textContent).toBe('Callback 15 Jan, 09:30');
  });

  it('closes an empty note with no call, and sends a note whose text then shows as the latest', async () => {
    routes[`PUT /api/orders/youcan/${THIRD._id}`] = (_url, init) => ({
      status: 200,
      body: [
        {
          _id: 'n9',
          message: JSON.parse(String(init?.body)).note,
          createdAt: at(23, 9, 0),
          user: { _id: 'u2', name: 'Amina' },
        },
      ],
    });
    renderPage('confirmateur');
    const row = await rowOf('00003');
    await userEvent.click(within(row).getByRole('button', { name: 'add note' }));
    await userEvent.type(within(row).getByLabelText('Note'), '   ');
    await userEvent.click(within(row).getByRole('button', { name: 'Submit' }));
    expect(within(row).queryByLabelText('Note')).toBeNull();
    expect(requests('PUT')).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'add note' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(within(row).queryByLabelText('Note')).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'add note' }));
    await userEvent.type(within(row).getByLabelText('Note'), ' Confirmé par téléphone ');
    await userEvent.click(within(row).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(within(row).getByTestId('latest-note').textContent).toBe('Confirmé par téléphone'),
    );
    expect(requests('PUT').map(({ body }) => body)).toEqual([{ note: 'Confirmé par téléphone' }]);
    expect(within(row).queryByLabelText('Note')).toBeNull();
  });

  it("opens an order's Change History, and says when nothing was recorded", async () => {
    renderPage();
    await userEvent.click(
      within(await rowOf('00001')).getByRole('button', { name: 'History of order 00001' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Change History' });
    expect(
      within(dialog)
        .getAllByTestId('history-entry')
        .map((entry) => entry.textContent),
    ).toEqual([
      '22 November 2026, 15:30status: pending → confirméUpdated by Yacine',
      '22 November 2026, 16:00note added: Client injoignableUpdated by Yacine',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(
      within(await rowOf('00003')).getByRole('button', { name: 'History of order 00003' }),
    );
    expect(within(screen.getByRole('dialog')).getByText('No changes recorded yet')).toBeTruthy();
  });

  it('deletes every selected order after the confirmation, then reloads', async () => {
    routes['DELETE /api/orders/youcan'] = (_url, init) => ({
      status: 200,
      body: { deletedIds: JSON.parse(String(init?.body)).orderIds },
    });
    renderPage();
    await rows();
    const deleteSelected = () =>
      screen.getByRole('button', { name: /^Delete selected/ }) as HTMLButtonElement;
    expect(deleteSelected().disabled).toBe(true);
    await userEvent.click(screen.getByLabelText('Select all orders'));
    expect(screen.getAllByRole('checkbox', { name: /^Select order/, checked: true })).toHaveLength(3);
    expect(deleteSelected().textContent).toBe('Delete selected (3)');

    await userEvent.click(deleteSelected());
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests('DELETE')).toEqual([]);

    routes['GET /api/orders/youcan'] = () => listed([]);
    await userEvent.click(deleteSelected());
    const dialog = screen.getByRole('dialog', { name: 'Delete selected orders' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete these 3 orders? This action cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
    expect(requests('DELETE').map(({ url, body }) => [url.pathname, body])).toEqual([
      ['/api/orders/youcan', { orderIds: [FIRST._id, SECOND._id, THIRD._id] }],
    ]);
    expect(deleteSelected().disabled).toBe(true);
  });

  it('runs Saisie on the selected orders: a progress bar, then who was sent and who was not, then a reload', async () => {
    const JOB = '9a4e7c1e-7a1d-4f7e-9f59-0d1c2b3a4e51';
    const view = (done: number, state: string, finished = false) => ({
      jobId: JOB,
      state,
      progress: { done, total: 2 },
      successfullOrders: finished ? [FIRST._id] : [],
      failedOrders: finished
        ? [{ id: THIRD._id, reason: 'No delivery information: set the delivery first' }]
        : [],
      byAccount: finished
        ? [
            { account: { _id: 'a1', company: 'zrexpress', storeName: 'Boutique Amina' }, sent: 1, failed: 0 },
            { account: null, sent: 0, failed: 1 },
          ]
        : [],
    });
    const answers = [view(1, 'active'), view(2, 'completed', true)];
    routes['POST /api/ZR/saisie'] = () => ({ status: 202, body: { jobId: JOB } });
    routes[`GET /api/ZR/saisie/${JOB}`] = () => ({
      status: 200,
      body: answers.shift() ?? view(2, 'completed', true),
    });
    renderPage();
    await userEvent.click(within(await rowOf('00001')).getByRole('checkbox'));
    await userEvent.click(within(await rowOf('00003')).getByRole('checkbox'));
    const listsBefore = requests('GET').filter(({ url }) => url.pathname === '/api/orders/youcan').length;
    await userEvent.click(screen.getByRole('button', { name: 'Saisie (2)' }));

    const bar = await screen.findByRole('progressbar', { name: 'Saisie progress' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['1', '2']);
    expect(screen.getByTestId('saisie-count').textContent).toBe('1 / 2');
    expect((await screen.findByTestId('saisie-result', {}, { timeout: 3000 })).textContent).toBe(
      '1 sent for delivery, 1 not sent.',
    );
    expect(
      within(screen.getByRole('list', { name: 'Orders not sent' })).getByRole('listitem').textContent,
    ).toBe('00003: No delivery information: set the delivery first');
    expect(requests('POST').map(({ url, body }) => [url.pathname, body])).toEqual([
      ['/api/ZR/saisie', { orderIds: [FIRST._id, THIRD._id] }],
    ]);
    await waitFor(() =>
      expect(
        requests('GET').filter(({ url }) => url.pathname === '/api/orders/youcan').length,
      ).toBeGreaterThan(listsBefore),
    );
    expect(screen.getByRole('button', { name: 'Saisie' })).toBeTruthy();
  });

  it('offers every order matching the filters, not only those loaded, for delete and Saisie', async () => {
    routes['DELETE /api/orders/youcan'] = () => ({ status: 200, body: { deletedIds: ['x', 'y'] } });
    routes['POST /api/ZR/saisie'] = () => ({ status: 202, body: { jobId: 'job-1' } });
    routes['GET /api/ZR/saisie/job-1'] = () => ({
      status: 200,
      body: {
        jobId: 'job-1',
        state: 'active',
        progress: { done: 0, total: 1234 },
        successfullOrders: [],
        failedOrders: [],
        byAccount: [],
      },
    });
    renderPage('owner', '/orders?status=confirm%C3%A9&q=ecouteurs');
    await rows();
    expect(screen.queryByTestId('select-all-banner')).toBeNull();
    await userEvent.click(screen.getByLabelText('Select all orders'));
    const banner = screen.getByTestId('select-all-banner');
    expect(banner.textContent).toContain('The 3 loaded orders are selected.');
    await userEvent.click(
      within(banner).getByRole('button', { name: 'Select all 1,234 orders matching the filters' }),
    );
    expect(screen.getByTestId('select-all-banner').textContent).toContain(
      'All 1,234 orders matching the filters are selected.',
    );
    expect(screen.getByRole('button', { name: 'Saisie (1,234)' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (1,234)' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete selected orders' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete all 1,234 orders matching the filters? This action cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('toast')).textContent).toBe('2 orders deleted');
    // Over 100 orders, the delete carries the count the dialog showed.
    expect(requests('DELETE').map(({ body }) => body)).toEqual([
      { filter: { q: 'ecouteurs', status: 'confirmé' }, confirm: 1234 },
    ]);

    await userEvent.click(screen.getByLabelText('Select all orders'));
    await userEvent.click(
      screen.getByRole('button', { name: 'Select all 1,234 orders matching the filters' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Saisie (1,234)' }));
    await waitFor(() => expect(requests('POST')).toHaveLength(1));
    expect(requests('POST')[0].body).toEqual({ filter: { q: 'ecouteurs', status: 'confirmé' } });
  });

  it('asks again with the count the server found when more orders match than the dialog showed', async () => {
    const answers = [
      {
        status: 409,
        body: {
          message: 'This deletes 1300 orders: send it again with "confirm" set to that count to go ahead',
          code: 'orders.delete_confirm',
          params: { count: 1300 },
        },
      },
      { status: 200, body: { deletedIds: ['x'] } },
    ];
    routes['DELETE /api/orders/youcan'] = () => answers.shift()!;
    renderPage('owner', '/orders?status=confirm%C3%A9');
    await rows();
    await userEvent.click(screen.getByLabelText('Select all orders'));
    await userEvent.click(
      screen.getByRole('button', { name: 'Select all 1,234 orders matching the filters' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (1,234)' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    const again = await screen.findByRole('dialog', { name: 'Delete selected orders' });
    expect(again.textContent).toContain(
      'Are you sure you want to delete all 1,300 orders matching the filters? This action cannot be undone.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('toast')).textContent).toBe('1 order deleted');
    expect(requests('DELETE').map(({ body }) => body)).toEqual([
      { filter: { status: 'confirmé' }, confirm: 1234 },
      { filter: { status: 'confirmé' }, confirm: 1300 },
    ]);
  });

  it('selects and unselects one order', async () => {
    renderPage();
    const box = within(await rowOf('00002')).getByRole('checkbox') as HTMLInputElement;
    await userEvent.click(box);
    expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeTruthy();
    expect((screen.getByLabelText('Select all orders') as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(box);
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeTruthy();
  });

  it('shows a red line and logs when the orders cannot be loaded', async () => {
    routes['GET /api/orders/youcan'] = () => ({ status: 500, body: { message: 'orders is not answering' } });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('orders is not answering');
    expect(consoleError).toHaveBeenCalled();
  });
});
