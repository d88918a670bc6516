import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = resolve(__dirname, '../../test-results/screenshots');

/** Debian's Chromium, headless, with no network of its own beyond the page under test. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

const refusals = new WeakMap<Page, string[]>();

/**
 * What the gateway's Content-Security-Policy refused on the page since it opened, as Chromium
 * reports it in the console ("Refused to … because it violates the following Content Security
 * Policy directive"). The app must need none of it.
 */
export function cspViolations(page: Page): string[] {
  let found = refusals.get(page);
  if (!found) {
    const list: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) list.push(message.text());
    });
    refusals.set(page, list);
    found = list;
  }
  return found;
}

/** Saves what the page shows as a test artifact under test-results/screenshots. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * A new browser context signed in through the login form (the tests' users share one password),
 * on the dashboard. Close it with `page.context().close()`.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  email: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  cspViolations(page);
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('souk-el-fellah');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  return page;
}

/** Waits for the locator's text to match; when it does not, the failure says what it showed. */
export async function waitForText(locator: Locator, wanted: RegExp, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let shown = '';
  while (Date.now() < deadline) {
    shown = (await locator.textContent({ timeout: deadline - Date.now() }).catch(() => null)) ?? '(absent)';
    if (wanted.test(shown)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Waited ${timeoutMs} ms for ${wanted} in ${locator}; it showed "${shown}"`);
}
