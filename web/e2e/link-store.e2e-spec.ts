import { pipelineIdle, TestSystem, waitFor } from '@tawsil/testing';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './browser';

describe('Linking a YouCan store, in the browser', () => {
  let system: TestSystem;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [system, browser] = await Promise.all([
      TestSystem.start({ services: ['identity', 'orders', 'stores-youcan'], youcanSandbox: true }),
      launchBrowser(),
    ]);
    const context = await browser.newContext({
      baseURL: system.gatewayUrl,
      viewport: { width: 390, height: 844 },
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('links a store through the consent page, sees its orders counted, then deletes it', async () => {
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Sara Touati');
    await page.getByLabel('Email address').fill(`${randomUUID().slice(0, 8)}@shop.dz`);
    await page.getByLabel('Password').fill('souk-el-fellah');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/dashboard');

    await page.getByRole('link', { name: /Link Store/ }).click();
    await page.getByText('No store connected yet.').waitFor();
    await page.getByRole('button', { name: 'Add Store' }).click();
    await page.getByLabel('Platform').selectOption('woocommerce');
    await page.getByText('woocommerce is coming soon: only YouCan can be connected today.').waitFor();
    await page.getByLabel('Platform').selectOption('youcan');
    await page.getByLabel('Store name').fill('souk-sara');
    let callbackUrl = '';
    page.on('request', (request) => {
      if (request.url().includes('/api/stores/youcan/callback')) callbackUrl = request.url();
    });
    await page.getByRole('button', { name: 'Connect store' }).click();

    await page.getByRole('heading', { name: 'Authorize Tawsil' }).waitFor();
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL((url) => url.pathname === '/link-store' && url.search === '');
    await page.getByText('Store souk-sara connected. Its orders are being imported.').waitFor();
    await page
      .getByTestId('sync-state')
      .filter({ hasText: /^Synced/ })
      .waitFor();
    // The link-store cookie is gone once used, and the same callback loaded again links nothing.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('tawsil_store_link');
    await page.goto(callbackUrl);
    await page
      .getByText(
        'This YouCan link was already used: nothing more was connected. Your stores are listed below.',
      )
      .waitFor();
    await page.getByTestId('store').filter({ hasText: 'souk-sara' }).waitFor();
    expect(await page.getByTestId('store').count()).toBe(1);

    const created = await fetch(`${system.youcanSandboxUrl}/_sandbox/stores/souk-sara/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 12 }),
    });
    expect(created.status).toBe(200);
    // Each webhook's order is read again from YouCan before it is stored: wait until all are.
    await waitFor('the webhook orders', () => pipelineIdle(system), Boolean);
    await page.reload();
    await page.getByTestId('orders-count').filter({ hasText: '12 orders' }).waitFor();
    await screenshot(page, 'link-store');

    await page.getByRole('button', { name: 'Delete souk-sara' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Are you sure you want to delete this store? This action cannot be undone.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No store connected yet.').waitFor();
  });
});
