import {
  addConfirmateur,
  linkStore,
  ordersOf,
  registerUser,
  sandbox,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { cspViolations, launchBrowser, screenshot, signedInPage } from './browser';

const STORE = 'souk-orders';
const invitationLinkIn = (links: string[]) => links.find((link) => link.includes('/invitations/'))!;
const NOTE = 'Client confirmé par téléphone';

describe('Orders and confirmateurs, in the browser', () => {
  let system: TestSystem;
  let browser: Browser;
  let owner: TestUser;
  let agent: TestUser;
  let storeId: string;
  let refs: string[];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [system, browser] = await Promise.all([
      TestSystem.start({ services: ['identity', 'orders', 'stores-youcan'], youcanSandbox: true }),
      launchBrowser(),
    ]);
    [owner, agent] = await Promise.all([
      registerUser(system, 'Amina Benali'),
      registerUser(system, 'Yacine Agent', true),
    ]);
    storeId = await linkStore(system, owner, STORE);
    const { created } = await sandbox(system, 'POST', `/_sandbox/stores/${STORE}/orders`, { count: 6 });
    refs = (created as unknown as { ref: string }[]).map((order) => order.ref);
    await waitFor(
      'the sandbox orders in the product',
      () => ordersOf(system, storeId),
      (n) => n === 6,
    );
    await addConfirmateur(system, owner, storeId, agent);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await system?.stop();
  });

  /** A new browser signed in through the login form, on the orders screen (a phone shows cards). */
  async function signIn(user: TestUser, viewport: { width: number; height: number }): Promise<Page> {
    const page = await signedInPage(browser, system.gatewayUrl, user.email, viewport);
    contexts.push(page.context());
    await page.getByRole('link', { name: /Orders/ }).click();
    await page.waitForURL('**/orders');
    if (viewport.width >= 768) await page.getByTestId('order-row').first().waitFor();
    return page;
  }

  const rowOf = (page: Page, ref: string): Locator =>
    page.getByTestId('order-row').filter({ has: page.getByRole('cell', { name: ref, exact: true }) });

  it('lets the agent, on a phone, confirm an order and add a note from its card, without Select or History', async () => {
    const page = await signIn(agent, { width: 390, height: 844 });
    // An agent's phone opens on the queue; every order is one tap away.
    await page.getByRole('heading', { name: 'À appeler' }).waitFor();
    await page.getByRole('button', { name: 'All orders' }).click();
    await page.getByTestId('orders-total').filter({ hasText: '6 orders' }).waitFor();
    await expect(page.getByRole('table').count()).resolves.toBe(0);
    await expect(page.getByRole('checkbox').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /History/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /Delete selected/ }).count()).resolves.toBe(0);

    const card = page.getByRole('article', { name: `Order ${refs[0]}` });
    await expect(card.getByRole('link', { name: /^Call 0\d{9}$/ }).getAttribute('href')).resolves.toMatch(
      /^tel:0\d{9}$/,
    );
    await expect(card.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href')).resolves.toMatch(
      /^https:\/\/wa\.me\/213\d{9}$/,
    );
    await card.getByRole('button', { name: 'Confirmé' }).click();
    await card.getByTestId('status').filter({ hasText: 'confirmé' }).waitFor();
    // No delivery yet: the form opens by itself (this system runs no delivery service).
    const dialog = page.getByRole('dialog', { name: 'Delivery Information' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'add note' }).click();
    await card.getByLabel('Note').fill(NOTE);
    await card.getByRole('button', { name: 'Submit' }).click();
    await card.getByTestId('latest-note').filter({ hasText: NOTE }).waitFor();

    // Nothing slides sideways on a phone.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'orders-agent');
  });

  it("shows the owner both changes in that order's history, filters by status and bulk-deletes two orders", async () => {
    const page = await signIn(owner, { width: 1280, height: 900 });
    await rowOf(page, refs[0])
      .getByRole('button', { name: `History of order ${refs[0]}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Change History' });
    const entries = dialog.getByTestId('history-entry');
    await entries.filter({ hasText: /status: .*→ "confirmé"/ }).waitFor();
    await entries.filter({ hasText: `note added: "${NOTE}"` }).waitFor();
    await expect(entries.filter({ hasText: 'Updated by Yacine Agent' }).count()).resolves.toBe(2);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('Status', { exact: true }).first().selectOption('confirmé');
    await page.waitForURL((url) => url.searchParams.get('status') === 'confirmé');
    await page
      .getByTestId('orders-total')
      .filter({ hasText: /^1 order$/ })
      .waitFor();
    await page.goBack();
    await page.getByTestId('orders-total').filter({ hasText: '6 orders' }).waitFor();
    await screenshot(page, 'orders-owner');

    const [, second, third] = refs;
    await rowOf(page, second)
      .getByRole('checkbox', { name: `Select order ${second}` })
      .check();
    await rowOf(page, third)
      .getByRole('checkbox', { name: `Select order ${third}` })
      .check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('orders-total').filter({ hasText: '4 orders' }).waitFor();
    await expect(page.getByTestId('order-row').count()).resolves.toBe(4);
    await expect(rowOf(page, second).count()).resolves.toBe(0);
    // The virtualised table sized and pinned its columns under the gateway's strict CSP.
    expect(cspViolations(page)).toEqual([]);
    const listed = await system.request(
      'GET',
      `/api/orders/youcan?storeId=${storeId}`,
      undefined,
      owner.token,
    );
    expect(listed.headers.get('x-total-count')).toBe('4');
  });

  it('invites an agent from the Confirmateurs screen, who accepts from the mailed link', async () => {
    const second = await registerUser(system, 'Lydia Agent', true);
    const page = await signIn(owner, { width: 390, height: 844 });
    await page.goto('/confirmateurs');
    const yacine = page.getByTestId('confirmateur').filter({ hasText: 'Yacine Agent' });
    await yacine.getByText(STORE).waitFor();
    await page.getByLabel('Store', { exact: true }).selectOption({ label: STORE });
    await page.getByLabel('Email', { exact: true }).fill(second.email);
    await page.getByRole('button', { name: 'Add Confirmateur' }).click();
    await page.getByText('Confirmateur added successfully!').waitFor();
    await page.getByTestId('invitation').filter({ hasText: second.email }).waitFor();
    await expect(page.getByTestId('confirmateur').filter({ hasText: 'Lydia Agent' }).count()).resolves.toBe(
      0,
    );
    await screenshot(page, 'confirmateurs');

    const link = new URL(invitationLinkIn((await system.waitForMail(second.email)).links));
    const agentPage = await signIn(second, { width: 390, height: 844 });
    await agentPage.goto(link.pathname);
    await agentPage.getByText(`Amina Benali invites ${second.email}`).waitFor();
    await agentPage.getByRole('button', { name: 'Accept the invitation' }).click();
    await agentPage.waitForURL('**/orders');
    // The store's orders, at once: its call queue, then every order as a card.
    await agentPage.getByRole('button', { name: 'All orders' }).click();
    await agentPage.getByRole('article').first().waitFor();

    await page.reload();
    await page.getByTestId('confirmateur').filter({ hasText: 'Lydia Agent' }).waitFor();
    await expect(page.getByTestId('invitation').count()).resolves.toBe(0);
  });

  it('lets someone without an account register from the link on a phone and start at once', async () => {
    const email = 'nouvel-agent@shop.dz';
    const invited = await system.request('POST', `/api/confirmateur/${storeId}`, { email }, owner.token);
    expect(invited.status).toBe(202);
    const link = new URL(invitationLinkIn((await system.waitForMail(email)).links));
    const context = await browser.newContext({
      baseURL: system.gatewayUrl,
      viewport: { width: 360, height: 780 },
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(link.pathname);
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe(email);
    await page.getByLabel('Full Name').fill('Nadia Agent');
    await page.getByLabel('Password').fill('appel-client-2026');
    await screenshot(page, 'invitation');
    await page.getByRole('button', { name: 'Create my account and join' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: /Orders/ }).click();
    await page.getByRole('button', { name: 'All orders' }).click();
    await page.getByRole('article').first().waitFor();
  });
});
