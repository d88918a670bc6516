import type { OrderView } from '@tawsil/contracts/orders';
import {
  linkStore,
  moveZrCurrentParcel,
  ordersOf,
  registerUser,
  ROOMY_YALIDINE_QUOTA_ENV,
  ROOMY_YALIDINE_QUOTAS,
  sandbox,
  setYalidineSandbox,
  TestSystem,
  type TestUser,
  waitFor,
  yalidineCredentials,
  yalidineParcels,
  yalidineSandbox,
  zrCurrentCredentials,
  zrCurrentParcels,
  zrSandbox,
} from '@tawsil/testing';
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot, signedInPage } from './browser';

const STORE = 'souk-transporteurs';
const ZR_ACCOUNT = 'ZR Karima';
const YALIDINE_ACCOUNT = 'Yalidine Karima';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The two carriers whose states are pushed, as an owner uses them: a ZR Express account on the
 * current API (its webhook registered when it is added) and a Yalidine account (its webhook
 * registered in Yalidine's dashboard, the secret pasted back), two orders sent with each in one
 * Saisie, one bordereau holding every label, and the statuses following the carriers' signed
 * webhooks. Tracking reads parcels once an hour here, so every move seen comes from a webhook.
 */
describe('ZR Express (current API) and Yalidine, in the browser', () => {
  let system: TestSystem;
  let browser: Browser;
  let owner: TestUser;
  let refs: string[];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [system, browser] = await Promise.all([
      TestSystem.start({
        youcanSandbox: true,
        zrSandbox: true,
        yalidineSandbox: true,
        env: { ZR_TRACKING_INTERVAL_MS: '3600000', ...ROOMY_YALIDINE_QUOTA_ENV },
      }),
      launchBrowser(),
    ]);
    await setYalidineSandbox(system, { ...ROOMY_YALIDINE_QUOTAS, returnShare: 0 });
    owner = await registerUser(system, 'Karima Owner');
    const storeId = await linkStore(system, owner, STORE);
    const { created } = await sandbox(system, 'POST', `/_sandbox/stores/${STORE}/orders`, { count: 4 });
    refs = (created as unknown as { ref: string }[]).map((order) => order.ref);
    await waitFor(
      'the orders',
      () => ordersOf(system, storeId),
      (n) => n === 4,
    );
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await system?.stop();
  });

  async function signIn(viewport: { width: number; height: number }): Promise<Page> {
    const page = await signedInPage(browser, system.gatewayUrl, owner.email, viewport);
    contexts.push(page.context());
    return page;
  }
  const rowOf = (page: Page, ref: string): Locator =>
    page.getByTestId('order-row').filter({ has: page.getByRole('cell', { name: ref, exact: true }) });
  const listed = async () =>
    (await system.request('GET', '/api/orders/youcan?limit=500', undefined, owner.token))
      .body as unknown as OrderView[];
  const zrRefs = () => refs.slice(0, 2);
  const yalidineRefs = () => refs.slice(2, 4);

  /**
   * Picks the account whose option names the store, whatever else the option says (its price, the
   * company): a select labelled "Delivery company", or a radio of that name.
   */
  async function chooseAccount(dialog: Locator, storeName: string) {
    const option = dialog.locator('option', { hasText: storeName });
    const radio = dialog.getByRole('radio', { name: new RegExp(escaped(storeName)) });
    await option.or(radio).first().waitFor({ state: 'attached' });
    if (await option.count()) {
      const value = await option.first().getAttribute('value');
      await dialog.getByLabel('Delivery company', { exact: true }).selectOption(value!);
    } else {
      await radio.first().check();
    }
  }

  it('lets the owner add a current-API ZR Express account and a Yalidine account with its webhook secret', async () => {
    const page = await signIn({ width: 1280, height: 900 });
    await page.getByRole('link', { name: /Delivery Company/ }).click();
    await page.waitForURL('**/delivery-company');

    const zr = await zrCurrentCredentials(system);
    await page.getByLabel('API', { exact: true }).selectOption('zr-current');
    await page.getByLabel('Store name').fill(ZR_ACCOUNT);
    await page.getByLabel('API key').fill(zr.apiKey);
    await page.getByLabel('Tenant id').fill(zr.tenantId);
    await page.getByRole('button', { name: 'Add Account' }).click();
    await page.getByText(`ZR Express account "${ZR_ACCOUNT}" added`).waitFor();

    const yalidine = await yalidineCredentials(system);
    await page.getByLabel('Delivery company', { exact: true }).selectOption('yalidine');
    await page.getByLabel('Store name').fill(YALIDINE_ACCOUNT);
    await page.getByLabel('API ID').fill(yalidine.apiKey);
    await page.getByLabel('API token').fill(yalidine.apiSecret);
    await page.getByLabel('Wilaya your parcels leave from').selectOption('16');
    await page.getByRole('button', { name: 'Add Account' }).click();
    await page.getByText(`Yalidine account "${YALIDINE_ACCOUNT}" added`).waitFor();

    // ZR's endpoint was registered by the product, at the gateway's public address.
    const endpoints = (
      (await (
        await fetch(`${system.zrSandboxUrl}/api/v1/webhooks/endpoints`, {
          headers: { 'X-Api-Key': zr.apiKey, 'X-Tenant': zr.tenantId },
        })
      ).json()) as { endpoints: { url: string }[] }
    ).endpoints;
    expect(endpoints.map((endpoint) => endpoint.url)).toEqual([
      expect.stringMatching(new RegExp(`^${escaped(system.gatewayUrl)}/api/webhooks/zr/`)),
    ]);

    // Yalidine's is the owner's to register in Yalidine's dashboard (the sandbox's control route),
    // at the address shown under the account; Yalidine checks it, then shows the secret to paste.
    const card = page.getByTestId('delivery-account').filter({ hasText: YALIDINE_ACCOUNT });
    await card.getByText('Webhook secret: not set yet').waitFor();
    const url = (await card.getByTestId('webhook-url').textContent())!.trim();
    expect(url).toMatch(new RegExp(`^${escaped(system.gatewayUrl)}/api/webhooks/yalidine/`));
    const registered = await yalidineSandbox(system, 'POST', '/_sandbox/webhooks', {
      url,
      events: ['parcel_status_updated'],
    });
    expect(registered.status).toBe(201);
    const { secret } = registered.body as { secret: string };
    await card.getByLabel(`Webhook secret for ${YALIDINE_ACCOUNT}`).fill(secret);
    await card.getByRole('button', { name: 'Save the secret' }).click();
    await card.getByText('Webhook secret saved').waitFor();
    await card.getByText('Webhook secret: set').waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await page.content()).not.toContain(yalidine.apiSecret);
    await screenshot(page, 'delivery-company-carriers');
  });

  it('lets the owner, on a phone, confirm two orders for each account and set their home delivery', async () => {
    const page = await signIn({ width: 390, height: 844 });
    await page.goto('/orders?view=all');
    const plan = [
      ...zrRefs().map((ref) => ({ ref, account: ZR_ACCOUNT, commune: 'Bab Ezzouar' })),
      ...yalidineRefs().map((ref) => ({ ref, account: YALIDINE_ACCOUNT, commune: 'Kouba' })),
    ];
    for (const { ref, account, commune } of plan) {
      const card = page.getByRole('article', { name: `Order ${ref}` });
      await card.getByRole('button', { name: 'Confirmé' }).click();
      await card.getByTestId('status').filter({ hasText: 'confirmé' }).waitFor();
      const dialog = page.getByRole('dialog', { name: 'Delivery Information' });
      await chooseAccount(dialog, account);
      await dialog.getByLabel('Wilaya').selectOption('16');
      await dialog.getByLabel('Commune').selectOption(commune);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await card.getByText(`Home, ${commune}, wilaya 16`).waitFor();
    }
  });

  let page: Page;

  it('sends the four in one Saisie, prints one bordereau with every label, and sends none twice', async () => {
    page = await signIn({ width: 1280, height: 900 });
    await page.goto('/orders');
    await page.getByTestId('order-row').first().waitFor();
    for (const ref of refs)
      await rowOf(page, ref)
        .getByRole('checkbox', { name: `Select order ${ref}` })
        .check();
    await page.getByRole('button', { name: 'Saisie (4)' }).click();
    const result = page.getByRole('region', { name: 'Saisie' });
    await result
      .getByTestId('saisie-result')
      .filter({ hasText: /^4 sent\b/ })
      .waitFor({ timeout: 45_000 });
    // Two carriers in one saisie: the result names neither alone.
    await expect(result.getByTestId('saisie-result').textContent()).resolves.toBe('4 sent for delivery.');
    // Each account's own count, in the order the carriers answered.
    expect((await result.getByTestId('saisie-account').allTextContents()).sort()).toEqual([
      `yalidine — ${YALIDINE_ACCOUNT}: 2 sent, 0 not sent`,
      `zrexpress — ${ZR_ACCOUNT}: 2 sent, 0 not sent`,
    ]);
    for (const ref of refs)
      await rowOf(page, ref).getByTestId('status').filter({ hasText: 'saisie' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('button', { name: 'Download labels (PDF)' }).click(),
    ]);
    const pdf = await PDFDocument.load(await readFile((await download.path())!));
    // A page per parcel: ZR's current API prints one page a label, Yalidine one page a parcel.
    expect(pdf.getPageCount()).toBe(4);

    // A Yalidine order cannot go twice, and the reason names no carrier it did not go to.
    const again = yalidineRefs()[0];
    await rowOf(page, again)
      .getByRole('checkbox', { name: `Select order ${again}` })
      .check();
    await page.getByRole('button', { name: 'Saisie (1)' }).click();
    await result
      .getByTestId('saisie-result')
      .filter({ hasText: '0 sent for delivery, 1 not sent.' })
      .waitFor();
    await result.getByText(`${again}: Already sent for delivery (status saisie)`).waitFor();
  });

  it('follows the Svix-signed ZR webhooks and the Yalidine-signed ones on the orders screen', async () => {
    const trackings = new Map((await listed()).map((order) => [order.ref, order.delivery?.tracking]));
    const zrParcels = await zrCurrentParcels(system);
    const zrParcel = (ref: string) => zrParcels.find((parcel) => parcel.externalId === trackings.get(ref))!;
    const yParcels = await yalidineParcels(system);
    const yalidineParcel = (ref: string) =>
      yParcels.find((parcel) => parcel.order_id === trackings.get(ref))!;
    expect(zrRefs().map((ref) => zrParcel(ref)?.externalId)).toEqual(
      zrRefs().map((ref) => trackings.get(ref)),
    );
    expect(yalidineRefs().map((ref) => yalidineParcel(ref)?.order_id)).toEqual(
      yalidineRefs().map((ref) => trackings.get(ref)),
    );
    const moveYalidine = async (ref: string, status: string) => {
      const answer = await yalidineSandbox(
        system,
        'POST',
        `/_sandbox/parcels/${yalidineParcel(ref).tracking}/status`,
        { status },
      );
      if (answer.status !== 200) throw new Error(`moving ${ref}: ${JSON.stringify(answer.body)}`);
    };
    const statusShown = (ref: string, status: string) =>
      rowOf(page, ref)
        .getByTestId('status')
        .filter({ hasText: new RegExp(`^${escaped(status)}$`) })
        .waitFor();

    // Out for delivery, all four; the screen follows without a reload.
    for (const ref of zrRefs()) await moveZrCurrentParcel(system, zrParcel(ref).id, 'en_livraison');
    for (const ref of yalidineRefs()) await moveYalidine(ref, 'Sorti en livraison');
    for (const ref of refs) await statusShown(ref, 'en cours de livraison');

    // One of each delivered, one of each back.
    await moveZrCurrentParcel(system, zrParcel(zrRefs()[0]).id, 'livre');
    await moveZrCurrentParcel(system, zrParcel(zrRefs()[1]).id, 'retourne');
    await moveYalidine(yalidineRefs()[0], 'Livré');
    await moveYalidine(yalidineRefs()[1], 'Retourné au vendeur');
    await statusShown(zrRefs()[0], 'livrée');
    await statusShown(zrRefs()[1], 'retour');
    await statusShown(yalidineRefs()[0], 'livrée');
    await statusShown(yalidineRefs()[1], 'retour');
    await screenshot(page, 'carriers-webhooks');

    // Every move came as a signed webhook, each delivered at its first attempt.
    const zrDeliveries = (await zrSandbox(system, 'GET', '/_sandbox/v1/webhooks/deliveries')) as unknown as {
      eventType: string;
      attempts: unknown[];
      delivered: boolean;
    }[];
    expect(zrDeliveries.filter((delivery) => delivery.eventType === 'parcel.state.updated')).toHaveLength(4);
    expect(zrDeliveries.filter((delivery) => !delivery.delivered || delivery.attempts.length !== 1)).toEqual(
      [],
    );
    const { body } = await yalidineSandbox(system, 'GET', '/_sandbox/webhooks');
    expect(body).toEqual([expect.objectContaining({ active: true, failedAttempts: 0 })]);
  });
});
