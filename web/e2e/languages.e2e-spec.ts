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
import type { Browser, BrowserContext, Page } from 'playwright-core';
import ar from '../src/i18n/locales/ar.json';
import en from '../src/i18n/locales/en.json';
import { launchBrowser, screenshot, signedInPage } from './browser';

const STORE = 'souk-langues';
const PHONE = { width: 360, height: 740 };
const LANGUAGES = ['fr', 'ar', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

/** What i18n.ts logs for a text absent from the language's file. */
const MISSING = 'Missing translation';

/** Every key of the locale files: none may show as text in place of its translation. */
const KEYS = (function flatten(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? flatten(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`.replace(/(_ordinal)?_(zero|one|two|few|many|other)$/, '')],
  );
})(en);

const OWNER_SCREENS = [
  ['dashboard', '/dashboard'],
  ['orders', '/orders'],
  ['link-store', '/link-store'],
  ['statistics', '/statistics'],
  ['confirmateurs', '/confirmateurs'],
  ['delivery-company', '/delivery-company'],
  ['workspace-settings', '/workspace-settings'],
  ['account', '/account'],
] as const;
const AGENT_SCREENS = [
  ['dashboard', '/dashboard'],
  ['queue', '/orders'],
  ['account', '/account'],
] as const;
const SIGNED_OUT_SCREENS = [
  ['landing', '/'],
  ['login', '/login'],
  ['register', '/register'],
] as const;

/** Every screen of owners and agents in French, Arabic and English, on a phone. */
describe('The app in three languages, in the browser', () => {
  let system: TestSystem;
  let browser: Browser;
  let owner: TestUser;
  let agent: TestUser;
  const contexts: BrowserContext[] = [];
  const missing: string[] = [];

  beforeAll(async () => {
    [system, browser] = await Promise.all([
      TestSystem.start({ youcanSandbox: true, zrSandbox: true }),
      launchBrowser(),
    ]);
    [owner, agent] = await Promise.all([
      registerUser(system, 'Amina Benali'),
      registerUser(system, 'Karim Agent', true),
    ]);
    const storeId = await linkStore(system, owner, STORE);
    await sandbox(system, 'POST', `/_sandbox/stores/${STORE}/orders`, { count: 3 });
    await waitFor(
      'the orders',
      () => ordersOf(system, storeId),
      (n) => n === 3,
      60_000,
    );
    await Promise.all([addZrAccount(system, owner), addConfirmateur(system, owner, storeId, agent)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await system?.stop();
  });

  function watch(page: Page): Page {
    page.on('console', (message) => {
      if (message.text().includes(MISSING)) missing.push(`${page.url()}: ${message.text()}`);
    });
    return page;
  }
  async function signIn(user: TestUser): Promise<Page> {
    const page = watch(await signedInPage(browser, system.gatewayUrl, user.email, PHONE));
    contexts.push(page.context());
    return page;
  }
  const documentLanguage = (page: Page) =>
    page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

  /** The top bar's picker; its label is itself translated, so it is found by its place. */
  async function choose(page: Page, language: Language) {
    await page.locator('header select').selectOption(language);
    await page.waitForFunction((wanted) => document.documentElement.lang === wanted, language);
  }

  /** Every "Loading…" of the screen has given way to what it loaded. */
  const settled = (page: Page) =>
    page.waitForFunction(() => !document.querySelector('main')!.textContent!.includes('…'), undefined, {
      timeout: 20_000,
    });

  /** Opens a screen and checks it reads in `language`: direction, no missing text, nothing overflowing. */
  async function check(page: Page, language: Language, name: string, path: string) {
    await page.goto(path);
    await page.locator('main h1, main h2').first().waitFor();
    await settled(page);
    await expect(documentLanguage(page)).resolves.toEqual({
      lang: language,
      dir: language === 'ar' ? 'rtl' : 'ltr',
    });
    const text = await page.locator('body').innerText();
    expect(KEYS.filter((key) => text.includes(key))).toEqual([]);
    const widths = await page.evaluate(() => ({
      content: document.scrollingElement!.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
    await screenshot(page, `languages-${language}-${name}`);
  }

  it.each(LANGUAGES)('walks the signed-out screens in %s', async (language) => {
    const context = await browser.newContext({ baseURL: system.gatewayUrl, viewport: PHONE });
    contexts.push(context);
    const page = watch(await context.newPage());
    await page.goto('/');
    await choose(page, language);
    for (const [name, path] of SIGNED_OUT_SCREENS) await check(page, language, name, path);
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)("walks the owner's screens in %s", async (language) => {
    const page = await signIn(owner);
    await choose(page, language);
    for (const [name, path] of OWNER_SCREENS) await check(page, language, `owner-${name}`, path);
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)("walks the agent's screens in %s, up to an open order card", async (language) => {
    const page = await signIn(agent);
    await choose(page, language);
    for (const [name, path] of AGENT_SCREENS) await check(page, language, `agent-${name}`, path);
    await page.goto('/orders');
    await page.getByTestId('queue-item').first().click();
    await page.getByTestId('order-card').waitFor();
    const widths = await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
    expect(widths).toBe(true);
    await screenshot(page, `languages-${language}-agent-card`);
    expect(missing).toEqual([]);
  });

  it('keeps a choice of Arabic when the user signs in on another browser', async () => {
    const first = await signIn(owner);
    const saved = first.waitForResponse((answer) => answer.url().endsWith('/api/users/me/language'));
    await choose(first, 'ar');
    expect((await saved).status()).toBe(200);

    const elsewhere = await signIn(owner);
    await elsewhere.waitForFunction(() => document.documentElement.lang === 'ar');
    await expect(documentLanguage(elsewhere)).resolves.toEqual({ lang: 'ar', dir: 'rtl' });
    await elsewhere.getByRole('heading', { name: ar.dashboard.title }).waitFor();
    await screenshot(elsewhere, 'languages-ar-new-browser');

    // Back to English, for the other tests of this owner.
    const back = elsewhere.waitForResponse((answer) => answer.url().endsWith('/api/users/me/language'));
    await choose(elsewhere, 'en');
    expect((await back).status()).toBe(200);
  });
});
