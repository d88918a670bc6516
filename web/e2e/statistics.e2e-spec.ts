import type { DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import { STATISTICS_DEFINITIONS, type OrderView } from '@tawsil/contracts/orders';
import { communesOf } from '@tawsil/geo-dz';
import {
  addConfirmateur,
  addZrAccount,
  confirmAndSetDelivery,
  registerUser,
  saisieFinished,
  setZrSandbox,
  startSaisie,
  storeWithOrders,
  TestSystem,
  type TestUser,
  waitFor,
  zrSandbox,
} from '@tawsil/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations, launchBrowser, screenshot, signedInPage } from './browser';

const STORE = 'souk-statistiques';
const dzd = (amount: number) =>
  `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(amount)} DZD`;

/**
 * A day's work, then the owner's Statistics screen: the agent calls eight customers (and puts
 * each in Alger or Oran), four parcels go to ZR, three arrive and one comes back.
 */
describe('Statistics, in the browser', () => {
  let system: TestSystem;
  let browser: Browser;
  let owner: TestUser;
  let agent: TestUser;
  let account: DeliveryAccountView;
  let orders: OrderView[];
  const contexts: BrowserContext[] = [];

  const edit = async (order: OrderView, status: string, region: string) => {
    const answer = await system.request(
      'PUT',
      `/api/orders/youcan/${order._id}`,
      { ...order, quantity: order.variants[0].quantity, status, customer: { ...order.customer, region } },
      agent.token,
    );
    if (answer.status !== 200) throw new Error(`${status} on ${order.ref}: ${JSON.stringify(answer.body)}`);
    return answer.body as unknown as OrderView;
  };
  const ship = async (shipped: OrderView[], returnShare: number) => {
    await setZrSandbox(system, { returnShare });
    const job = await saisieFinished(
      system,
      owner,
      await startSaisie(
        system,
        owner,
        shipped.map((order) => order._id),
      ),
    );
    expect(job.successfullOrders).toHaveLength(shipped.length);
  };
  const statusesOf = async (wanted: OrderView[]) => {
    const listed = (await system.request('GET', '/api/orders/youcan', undefined, owner.token))
      .body as unknown as OrderView[];
    return wanted.map((order) => listed.find((candidate) => candidate._id === order._id)!.status);
  };

  beforeAll(async () => {
    [system, browser] = await Promise.all([
      TestSystem.start({ youcanSandbox: true, zrSandbox: true, env: { ZR_TRACKING_INTERVAL_MS: '500' } }),
      launchBrowser(),
    ]);
    [owner, agent] = await Promise.all([
      registerUser(system, 'Amina Benali'),
      registerUser(system, 'Yacine Agent', true),
    ]);
    const store = await storeWithOrders(system, owner, STORE, 8);
    await addConfirmateur(system, owner, store.storeId, agent);
    account = await addZrAccount(system, owner);

    const plan: [status: string, region: string][] = [
      ['confirmé', '16 - Alger'],
      ['confirmé', 'Alger'],
      ['confirmé', 'ALGER'],
      ['confirmé', '31 - Oran'],
      ['confirmé', 'Oran'],
      ['annulée', 'Alger'],
      ['pas de réponse', 'Oran'],
      ['pas de réponse', 'Oran'],
    ];
    orders = await Promise.all(store.orders.map((order, i) => edit(order, ...plan[i])));
    const [alger1, alger2, alger3, oran1] = orders;
    await confirmAndSetDelivery(system, agent, [alger1, alger2, alger3], account);
    await confirmAndSetDelivery(system, agent, [oran1], account, {
      wilaya: '31',
      isStopDesk: false,
      commune: communesOf(31)[0].name,
    });
    await ship([alger1, alger2, oran1], 0);
    await ship([alger3], 1);
    for (let step = 0; step < 6; step++) await zrSandbox(system, 'POST', '/_sandbox/parcels/advance');
    await waitFor(
      'three parcels delivered and one returned',
      () => statusesOf([alger1, alger2, oran1, alger3]),
      (statuses) => statuses.join() === 'livrée,livrée,livrée,retour',
    );
  }, 180_000);
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await system?.stop();
  });

  async function signIn(user: TestUser, viewport: { width: number; height: number }): Promise<Page> {
    const page = await signedInPage(browser, system.gatewayUrl, user.email, viewport);
    contexts.push(page.context());
    return page;
  }
  const tile = (page: Page, id: string) =>
    page.getByTestId(`tile-${id}`).getByTestId('tile-value').textContent();
  const rowOf = (page: Page, table: string, first: string) =>
    page
      .getByRole('region', { name: table })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: first, exact: true }) })
      .getByRole('cell')
      .allTextContents();

  it('shows the owner the day as it happened: tiles, chart, funnel and the tables per agent and wilaya', async () => {
    const page = await signIn(owner, { width: 1280, height: 900 });
    await page.getByRole('link', { name: /Statistics/ }).click();
    await page.waitForURL('**/statistics');
    await page.getByTestId('tile-orders').waitFor();

    const delivered = orders.filter((_, i) => [0, 1, 3].includes(i));
    await expect(tile(page, 'orders')).resolves.toBe('8');
    await expect(tile(page, 'confirmation-rate')).resolves.toBe('62.5%');
    await expect(tile(page, 'delivery-rate')).resolves.toBe('75%');
    await expect(tile(page, 'return-rate')).resolves.toBe('25%');
    await expect(tile(page, 'revenue-delivered')).resolves.toBe(
      dzd(delivered.reduce((sum, order) => sum + Number(order.total), 0)),
    );
    await expect(tile(page, 'revenue-in-transit')).resolves.toBe('0 DZD');

    const chart = page.getByTestId('daily-chart').locator('canvas');
    await chart.waitFor();
    expect((await chart.boundingBox())!.width).toBeGreaterThan(400);
    await expect(page.getByTestId('funnel-confirmed').textContent()).resolves.toContain(
      '5 · 62.5% of orders',
    );
    await expect(page.getByTestId('funnel-sent').textContent()).resolves.toContain('4 · 80% of confirmed');
    await expect(page.getByTestId('funnel-delivered').textContent()).resolves.toContain('3 · 75% of sent');
    await expect(page.getByTestId('funnel-returned').textContent()).resolves.toContain('1 · 25% of sent');

    await expect(rowOf(page, 'Per agent', agent.name)).resolves.toEqual([
      agent.name,
      '8',
      '5',
      '62.5%',
      '3',
      '60%',
    ]);
    await expect(rowOf(page, 'Per wilaya', '16 · Alger')).resolves.toEqual([
      '16 · Alger',
      '4',
      '3',
      '2',
      '66.7%',
      '1',
      '33.3%',
    ]);
    await expect(rowOf(page, 'Per wilaya', '31 · Oran')).resolves.toEqual([
      '31 · Oran',
      '4',
      '1',
      '1',
      '100%',
      '0',
      '0%',
    ]);
    await screenshot(page, 'statistics');

    const returnRate = page.getByTestId('tile-return-rate');
    await returnRate.getByRole('button', { name: 'What return rate means' }).click();
    const definition = returnRate.getByTestId('definition');
    await definition.waitFor();
    await expect(definition.textContent()).resolves.toBe(STATISTICS_DEFINITIONS.returnRate);
    await page.keyboard.press('Escape');
    await definition.waitFor({ state: 'hidden' });
    // The chart, the funnel's bars and the tooltips all drew under the gateway's strict CSP.
    expect(cspViolations(page)).toEqual([]);
  });

  it('reads on a phone, and says so when a period has no orders', async () => {
    const page = await signIn(owner, { width: 390, height: 844 });
    await page.goto('/statistics');
    await page.getByTestId('daily-chart').locator('canvas').waitFor();
    const { page: pageWidth, chart } = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      chart: document.querySelector('[data-testid="daily-chart"] canvas')!.getBoundingClientRect().right,
    }));
    expect(pageWidth).toBeLessThanOrEqual(390);
    expect(chart).toBeLessThanOrEqual(390);
    await screenshot(page, 'statistics-phone');

    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('First day').fill('2026-01-01');
    await page.getByLabel('Last day').fill('2026-01-31');
    await expect(page.getByTestId('no-orders').textContent()).resolves.toBe('No orders in this period.');
    await expect(page.getByTestId('tile-orders').count()).resolves.toBe(0);
  });
});
