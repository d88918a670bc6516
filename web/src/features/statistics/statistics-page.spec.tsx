import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { RequireOwner } from '../../app/guards';
import StatisticsPage from '../../pages/StatisticsPage';
import { i18n } from '../../i18n/i18n';
import ar from '../../i18n/locales/ar.json';
import en from '../../i18n/locales/en.json';
import fr from '../../i18n/locales/fr.json';
import type { StatisticsView } from './api';
import { Definition } from './components/Definition';
import type { DefinitionName } from './definitions';
import { DEFINITIONS, emptyView, statisticsView, STORE_A, STORE_B } from './fixtures';
import { signInForTest } from '../../testing/sign-in-for-test';
import { fakeResponse } from '../../testing/fake-response';
import { renderWithProviders } from '../../testing/render-with-providers';

// jsdom draws no canvas: a stand-in shows what the chart was given. The browser test draws the real one.
jest.mock('./components/DailyChart', () => ({
  __esModule: true,
  default: ({ days }: { days: StatisticsView['days'] }) =>
    jest
      .requireActual<typeof import('react')>('react')
      .createElement(
        'p',
        { 'data-testid': 'daily-chart' },
        days.map((day) => `${day.day}:${day.orders}`).join(' '),
      ),
}));

/** 23:30 in UTC on 22 November is already 23 November in Algeria. */
const NOW = new Date('2026-11-22T23:30:00Z');
const TODAY = '2026-11-23';

type Reply = { status: number; body?: unknown };
let statistics: (query: URLSearchParams) => Reply;
/** Statistics answers wait for it: a test holds them to see the page while they load. */
let held: Promise<void>;
const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://tawsil.test');
  if (url.pathname === '/api/statistics') await held;
  const reply: Reply =
    url.pathname === '/api/statistics'
      ? statistics(url.searchParams)
      : url.pathname === '/api/stores/youcan'
        ? { status: 200, body: [store(STORE_A, 'souk-amina'), store(STORE_B, 'souk-oran')] }
        : { status: 404 };
  return fakeResponse(reply);
});

function store(_id: string, name: string) {
  return {
    _id,
    name,
    platform: 'youcan',
    createdAt: '2026-11-01T08:00:00.000Z',
    ordersCount: 10,
    sync: { state: 'done', imported: 10, total: 10, lastSyncAt: null, lastError: null },
  };
}

/** The query of every statistics call, in order. */
const asked = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://tawsil.test'))
    .filter((url) => url.pathname === '/api/statistics')
    .map((url) => Object.fromEntries(url.searchParams));

function renderPage(type: 'owner' | 'confirmateur' = 'owner', path = '/statistics') {
  signInForTest({ name: 'Amina', token: 't', type });
  renderWithProviders(
    <Routes>
      <Route
        path="/statistics"
        element={
          <RequireOwner>
            <StatisticsPage />
          </RequireOwner>
        }
      />
    </Routes>,
    path,
  );
}

const tileValue = (id: string) =>
  within(screen.getByTestId(`tile-${id}`)).getByTestId('tile-value').textContent;
const table = (name: string) => screen.getByRole('region', { name });
const column = (name: string, index: number) =>
  within(table(name))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index].textContent);
const header = (tableName: string, name: string) =>
  within(table(tableName)).getByRole('columnheader', { name: new RegExp(`^${name}`) });
const sortBy = (tableName: string, name: string) =>
  userEvent.click(within(table(tableName)).getByRole('button', { name }));

let consoleError: jest.SpyInstance;
beforeEach(() => {
  // Only the clock is fixed: timers run as usual, so SWR and user events do.
  jest.useFakeTimers({
    now: NOW,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  held = Promise.resolve();
  statistics = (query) => ({
    status: 200,
    body: statisticsView(query.get('from')!, query.get('to')!, query.get('storeId')),
  });
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  consoleError.mockRestore();
  localStorage.clear();
});

describe('Statistics page', () => {
  it('asks for the last 30 Algerian days of all stores and shows the headline figures', async () => {
    renderPage();
    await screen.findByTestId('tile-orders');
    expect(asked()).toEqual([{ from: '2026-10-25', to: TODAY }]);
    expect(tileValue('orders')).toBe('20');
    expect(tileValue('confirmation-rate')).toBe('81.3%');
    expect(tileValue('delivery-rate')).toBe('50%');
    expect(tileValue('return-rate')).toBe('20%');
    expect(tileValue('revenue-delivered')).toBe('39,000 DZD');
    expect(tileValue('revenue-in-transit')).toBe('23,400.5 DZD');
    expect(screen.getByTestId('tile-confirmation-rate').textContent).toContain('13 confirmed of 16 handled');
    expect(screen.getByTestId('tile-delivery-rate').textContent).toContain('5 livrée of 10 sent');
    expect(screen.getByTestId('period').textContent).toContain('25 Oct 2026 – 23 Nov 2026');
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.title).toBe('Statistics · Tawsil');
  });

  it('says what every figure means behind its (i), in the English the server also sends', async () => {
    renderPage();
    await screen.findByTestId('tile-orders');
    const explain = (name: string) => screen.getAllByRole('button', { name: `What ${name} means` })[0];
    expect(explain('confirmation rate').title).toBe(en.stats.definition.confirmationRate);
    expect(explain('revenue in transit').title).toBe(en.stats.definition.revenueInTransit);
    expect(explain('the period').title).toBe(en.stats.definition.period);
    expect(explain('agent').title).toBe(en.stats.definition.agent);
    expect(explain('delivered rate').title).toBe(en.stats.definition.agentDeliveredRate);
    expect(explain('wilaya').title).toBe(en.stats.definition.wilaya);
    const button = explain('return rate');
    const popover = document.getElementById(button.getAttribute('popovertarget')!);
    expect(popover?.textContent).toBe(en.stats.definition.returnRate);
  });

  it.each([
    ['fr', fr, 'Ce que signifie « taux de retour »', 'Inconnue'],
    ['ar', ar, 'ماذا يعني «نسبة الإرجاع»', 'غير معروفة'],
  ] as const)('says what every figure means in %s', async (language, texts, returnRate, unknown) => {
    await i18n.changeLanguage(language);
    try {
      renderPage();
      await screen.findByTestId('tile-orders');
      const shown = screen.getAllByTestId('definition').map((popover) => popover.textContent);
      expect(shown.length).toBeGreaterThan(10);
      const english = new Set<string>([...Object.values(en.stats.definition), ...Object.values(DEFINITIONS)]);
      expect(shown.filter((text) => english.has(text!))).toEqual([]);
      const button = screen.getAllByRole('button', { name: returnRate })[0];
      expect(button.title).toBe(texts.stats.definition.returnRate);
      expect(document.getElementById(button.getAttribute('popovertarget')!)?.textContent).toBe(
        texts.stats.definition.returnRate,
      );
      expect(shown).toContain(texts.stats.definition.period);
      expect(shown).toContain(texts.stats.definition.agentDeliveredRate);
      expect(column(texts.stats.per_wilaya, 0).at(-1)).toBe(unknown);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the server’s words for a figure the app has no definition of yet', () => {
    render(<Definition term="Refunds" name={'refunds' as DefinitionName} text="New words" />);
    expect(screen.getByRole('button', { name: 'What refunds means' }).title).toBe('New words');
    expect(screen.getByTestId('definition').textContent).toBe('New words');
  });

  it('draws the funnel from orders to delivered and returned, each step a share of the one before', async () => {
    renderPage();
    await screen.findByTestId('tile-orders');
    const step = (id: string) => screen.getByTestId(`funnel-${id}`).textContent;
    expect(step('orders')).toContain('20');
    expect(step('confirmed')).toContain('13 · 65% of orders');
    expect(step('sent')).toContain('10 · 76.9% of confirmed');
    expect(step('delivered')).toContain('5 · 50% of sent');
    expect(step('returned')).toContain('2 · 20% of sent');
  });

  it('gives the chart every day of the period', async () => {
    renderPage();
    const chart = await screen.findByTestId('daily-chart');
    const days = chart.textContent!.split(' ');
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-10-25:8');
    expect(days[29]).toBe(`${TODAY}:12`);
    expect(screen.getByRole('img', { name: /20 orders over 30 days/ })).toBeTruthy();
  });

  it('shows a rate with nothing to divide as a dash, in the tiles and the tables', async () => {
    statistics = (query) => {
      const view = statisticsView(query.get('from')!, query.get('to')!, null);
      return {
        status: 200,
        body: {
          ...view,
          totals: {
            ...view.totals,
            sent: 0,
            delivered: 0,
            returned: 0,
            deliveryRate: null,
            returnRate: null,
          },
        },
      };
    };
    renderPage();
    await screen.findByTestId('tile-orders');
    expect(tileValue('delivery-rate')).toBe('—');
    expect(tileValue('return-rate')).toBe('—');
    expect(screen.getByTestId('funnel-delivered').textContent).toContain('0 · — of sent');
    expect(column('Per agent', 5)).toEqual(['37.5%', '40%', '—']);
    expect(column('Per wilaya', 0)).toEqual(['16 · Alger', '31 · Oran', 'Unknown']);
    expect(column('Per wilaya', 6)).toEqual(['16.7%', '25%', '—']);
  });

  it('sorts each table by the header clicked, reversing on a second click, dashes last either way', async () => {
    renderPage();
    await screen.findByTestId('tile-orders');
    const agents = () => column('Per agent', 0);
    expect(agents()).toEqual(['Yacine', 'Amina Benali', 'Karim']);
    expect(header('Per agent', 'Handled').getAttribute('aria-sort')).toBe('descending');

    await sortBy('Per agent', 'Delivered rate');
    expect(agents()).toEqual(['Amina Benali', 'Yacine', 'Karim']);
    expect(header('Per agent', 'Delivered rate').getAttribute('aria-sort')).toBe('descending');
    expect(header('Per agent', 'Handled').getAttribute('aria-sort')).toBeNull();
    await sortBy('Per agent', 'Delivered rate');
    expect(agents()).toEqual(['Yacine', 'Amina Benali', 'Karim']);
    expect(header('Per agent', 'Delivered rate').getAttribute('aria-sort')).toBe('ascending');

    await sortBy('Per agent', 'Agent');
    expect(agents()).toEqual(['Amina Benali', 'Karim', 'Yacine']);
    expect(header('Per agent', 'Agent').getAttribute('aria-sort')).toBe('ascending');

    expect(column('Per product', 0)).toEqual(['Robe kabyle', 'Karakou']);
    await sortBy('Per product', 'Confirmation rate');
    expect(column('Per product', 0)).toEqual(['Karakou', 'Robe kabyle']);
    expect(column('Per product', 3)).toEqual(['83.3%', '80%']);

    await sortBy('Per wilaya', 'Wilaya');
    await sortBy('Per wilaya', 'Wilaya');
    expect(column('Per wilaya', 0)).toEqual(['31 · Oran', '16 · Alger', 'Unknown']);
  });

  it('says a period without orders has none, instead of zeros and an empty chart', async () => {
    statistics = (query) => ({ status: 200, body: emptyView(query.get('from')!, query.get('to')!) });
    renderPage();
    expect((await screen.findByTestId('no-orders')).textContent).toBe('No orders in this period.');
    expect(screen.queryByTestId('tile-orders')).toBeNull();
    expect(screen.queryByTestId('daily-chart')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks for today, 7 days or two chosen days, in Algerian days', async () => {
    renderPage();
    await screen.findByTestId('tile-orders');
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(screen.getByTestId('period').textContent).toMatch(/^23 Nov 2026(?! –)/));
    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(asked()).toHaveLength(3));

    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const first = screen.getByLabelText('First day') as HTMLInputElement;
    expect(first.value).toBe('2026-11-17');
    expect((screen.getByLabelText('Last day') as HTMLInputElement).max).toBe(TODAY);
    await userEvent.clear(first);
    await userEvent.type(first, '2026-11-01');
    await waitFor(() => expect(asked()).toHaveLength(4));
    expect(asked()).toEqual([
      { from: '2026-10-25', to: TODAY },
      { from: TODAY, to: TODAY },
      { from: '2026-11-17', to: TODAY },
      { from: '2026-11-01', to: TODAY },
    ]);
    expect(screen.getByTestId('period').textContent).toContain('1 Nov 2026 – 23 Nov 2026');
  });

  it('asks nothing for a custom period that ends before it starts, and says why', async () => {
    renderPage('owner', '/statistics?period=custom&from=2026-11-20&to=2026-11-10');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The first day must be on or before the last day.',
    );
    expect(asked()).toEqual([]);
    expect(screen.queryByTestId('tile-orders')).toBeNull();
  });

  it('asks for one store when one is picked, and for all again with All stores', async () => {
    renderPage();
    await screen.findByTestId('tile-orders');
    const picker = screen.getByLabelText('Store') as HTMLSelectElement;
    await waitFor(() => expect(picker.options).toHaveLength(3));
    expect([...picker.options].map((option) => option.text)).toEqual([
      'All stores',
      'souk-amina',
      'souk-oran',
    ]);
    await userEvent.selectOptions(picker, 'souk-oran');
    await waitFor(() => expect(asked()).toHaveLength(2));
    await userEvent.selectOptions(picker, 'All stores');
    await waitFor(() => expect(asked()).toHaveLength(3));
    expect(asked()).toEqual([
      { from: '2026-10-25', to: TODAY },
      { from: '2026-10-25', to: TODAY, storeId: STORE_B },
      { from: '2026-10-25', to: TODAY },
    ]);
  });

  it('shows Loading… until the figures come, then the server’s words when they fail', async () => {
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    statistics = () => ({ status: 400, body: { message: 'to must be a day as YYYY-MM-DD' } });
    renderPage();
    expect(await screen.findByText('Loading…')).toBeTruthy();
    release();
    expect((await screen.findByRole('alert')).textContent).toBe('to must be a day as YYYY-MM-DD');
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch statistics', expect.anything());
  });

  it('says it could not load the statistics when the server fails without a word', async () => {
    statistics = () => ({ status: 500 });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the statistics.');
  });

  it('is not for confirmateurs', async () => {
    renderPage('confirmateur');
    expect(screen.getByTestId('not-allowed')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
