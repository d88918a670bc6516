import type { OrderView } from '@tawsil/contracts/orders';
import {
  addConfirmateur,
  addZrAccount,
  linkStore,
  ordersOf,
  registerUser,
  sandbox,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot, signedInPage } from './browser';

const STORE = 'souk-workspace';
const PHONE = { width: 390, height: 844 };

/** The agent workspace as agents use it all day: the queue, the cards, claims, live updates. */
describe('The agent workspace, in the browser', () => {
  let system: TestSystem;
  let browser: Browser;
  let owner: TestUser;
  let karim: TestUser;
  let lydia: TestUser;
  let storeId: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [system, browser] = await Promise.all([
      TestSystem.start({ youcanSandbox: true, zrSandbox: true }),
      launchBrowser(),
    ]);
    [owner, karim, lydia] = await Promise.all([
      registerUser(system, 'Amina Benali'),
      registerUser(system, 'Karim Agent', true),
      registerUser(system, 'Lydia Agent', true),
    ]);
    storeId = await linkStore(system, owner, STORE);
    await sandbox(system, 'POST', `/_sandbox/stores/${STORE}/orders`, { count: 6 });
    await waitFor(
      'the orders',
      () => ordersOf(system, storeId),
      (n) => n === 6,
    );
    await Promise.all([
      addZrAccount(system, owner),
      ...[karim, lydia].map((agent) => addConfirmateur(system, owner, storeId, agent)),
    ]);
    // The sandbox picks wilayas at random, a few without home delivery: these customers live in Alger.
    for (const order of await listOrders(owner)) {
      const answer = await system.request(
        'PUT',
        `/api/orders/youcan/${order._id}`,
        { ...order, customer: { ...order.customer, region: '16 - Alger', city: 'Bab Ezzouar' } },
        owner.token,
      );
      expect(answer.status).toBe(200);
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await system?.stop();
  });

  async function listOrders(user: TestUser): Promise<OrderView[]> {
    const answer = await system.request(
      'GET',
      `/api/orders/youcan?storeId=${storeId}`,
      undefined,
      user.token,
    );
    return answer.body as unknown as OrderView[];
  }
  async function signIn(user: TestUser): Promise<Page> {
    const page = await signedInPage(browser, system.gatewayUrl, user.email, PHONE);
    contexts.push(page.context());
    return page;
  }
  /** Nothing on the screen is wider than the phone. */
  async function expectNoSidewaysScroll(page: Page) {
    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.document).toBeLessThanOrEqual(widths.viewport);
  }
  const refOf = async (card: Locator) => (await card.getAttribute('aria-label'))!.replace('Order ', '');

  it('takes an agent on a phone from the queue to an order confirmed with its delivery in at most 4 taps', async () => {
    const page = await signIn(karim);
    await page.getByRole('heading', { name: 'À appeler' }).waitFor();
    await page.getByTestId('queue-count-new').filter({ hasText: '6' }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'workspace-dashboard');

    let taps = 0;
    const tap = async (target: Locator) => {
      await target.click();
      taps += 1;
    };

    await page.goto('/orders');
    await page.getByRole('heading', { name: 'À appeler' }).waitFor();
    await page.getByTestId('queue-item').first().waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'workspace-queue');

    await tap(page.getByRole('button', { name: 'Next order' }));
    const card = page.getByTestId('order-card');
    await card.waitFor();
    const ref = await refOf(card);
    await card.getByText('Alger · Bab Ezzouar').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'workspace-card');

    await tap(card.getByRole('button', { name: 'Confirmé' }));
    const dialog = page.getByRole('dialog', { name: 'Delivery Information' });
    await dialog
      .getByTestId('tariff')
      .filter({ hasText: /Home delivery: \d+ DZD/ })
      .waitFor();
    await expect(dialog.getByLabel('Delivery company').inputValue()).resolves.not.toBe('');
    await expect(dialog.getByLabel('Wilaya').inputValue()).resolves.toBe('16');
    await expect(dialog.getByLabel('Commune').inputValue()).resolves.toBe('Bab Ezzouar');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'workspace-delivery');

    await tap(dialog.getByRole('button', { name: 'Save' }));
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Next order' }).waitFor();
    await expectNoSidewaysScroll(page);
    expect(taps).toBeLessThanOrEqual(4);

    const saved = await waitFor(
      'the delivery saved',
      async () => (await listOrders(owner)).find((order) => order.ref === ref)!,
      (order) => order.delivery !== null,
      10_000,
    );
    expect(saved.status).toBe('confirmé');
    expect(saved.delivery).toMatchObject({ wilaya: '16', commune: 'Bab Ezzouar', isStopDesk: false });
  });

  it('shows a claim to the other agent within 2 s, refuses their save, and brings a webhook order into both queues', async () => {
    const [karimPage, lydiaPage] = await Promise.all([signIn(karim), signIn(lydia)]);
    await lydiaPage.goto('/orders?view=all');
    await lydiaPage.getByTestId('order-card').first().waitFor();
    await karimPage.goto('/orders');
    await karimPage.getByTestId('queue-item').first().waitFor();
    // A reload would lose this mark.
    await Promise.all(
      [karimPage, lydiaPage].map((page) =>
        page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true)),
      ),
    );

    await karimPage.getByRole('button', { name: 'Next order' }).click();
    const claimed = karimPage.getByTestId('order-card');
    await claimed.waitFor();
    const ref = await refOf(claimed);
    const onLydias = lydiaPage.getByRole('article', { name: `Order ${ref}` });
    await onLydias
      .getByTestId('claimed')
      .filter({ hasText: 'Karim Agent is on it' })
      .waitFor({ timeout: 2000 });
    await screenshot(lydiaPage, 'workspace-claimed');

    await onLydias.getByRole('button', { name: 'Annulée' }).click();
    await onLydias.getByRole('alert').filter({ hasText: 'Karim Agent' }).waitFor();
    expect((await listOrders(owner)).find((order) => order.ref === ref)!.status).not.toBe('annulée');

    await lydiaPage.getByRole('button', { name: 'À appeler' }).click();
    await lydiaPage.getByTestId('queue-item').first().waitFor();
    await expect(
      lydiaPage.getByRole('button', { name: new RegExp(`^Open order ${ref},`) }).count(),
    ).resolves.toBe(0);

    const { created } = await sandbox(system, 'POST', `/_sandbox/stores/${STORE}/orders`, { count: 1 });
    const newRef = (created as unknown as { ref: string }[])[0].ref;
    for (const page of [karimPage, lydiaPage])
      await page
        .getByRole('button', { name: new RegExp(`^Open order ${newRef},`) })
        .waitFor({ timeout: 5000 });
    await expect(
      Promise.all(
        [karimPage, lydiaPage].map((page) =>
          page.evaluate(() => (window as unknown as { kept?: boolean }).kept),
        ),
      ),
    ).resolves.toEqual([true, true]);
    await expectNoSidewaysScroll(lydiaPage);
    await screenshot(lydiaPage, 'workspace-live-queue');
  });

  it('lets the owner set the queue rules and keep a blacklist, flagged in red on the card', async () => {
    const page = await signIn(owner);
    const [order] = await listOrders(owner);
    await page.goto('/workspace-settings');
    const form = page.getByRole('form', { name: 'Queue settings' });
    await form.getByLabel('Maximum attempts').fill('3');
    await form.getByLabel('Assignment').selectOption('round-robin');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Settings saved' }).waitFor();
    const settings = await system.request('GET', `/api/orders/settings/${storeId}`, undefined, owner.token);
    expect(settings.body).toMatchObject({ maxAttempts: 3, assignment: 'round-robin' });

    const blacklist = page.getByRole('form', { name: 'Add to the blacklist' });
    await blacklist.getByLabel('Phone').fill(order.customer.phone);
    await blacklist.getByLabel('Reason').fill('Refused two parcels');
    await blacklist.getByRole('button', { name: 'Add to blacklist' }).click();
    await page.getByTestId('blacklist-entry').filter({ hasText: 'Refused two parcels' }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'workspace-settings');

    await page.goto('/orders');
    await page
      .getByRole('article', { name: `Order ${order.ref}` })
      .getByTestId('blacklisted')
      .filter({ hasText: 'Refused two parcels' })
      .waitFor();
  });
});
