import { TestSystem } from '@tawsil/testing';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations, launchBrowser, screenshot } from './browser';

describe('Signing up and in, in the browser', () => {
  let system: TestSystem;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [system, browser] = await Promise.all([TestSystem.start({ services: ['identity'] }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: system.gatewayUrl, viewport: { width: 390, height: 844 } });
    page = await context.newPage();
  });
  afterEach(() => context?.close());

  const email = () => `${randomUUID().slice(0, 8)}@shop.dz`;

  async function registerThroughTheForm(name: string, address: string, asConfirmateur = false) {
    await page.goto('/register');
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Email address').fill(address);
    await page.getByLabel('Password').fill('souk-el-fellah');
    if (asConfirmateur) await page.getByLabel("Je m'inscris en tant que confirmateur").click();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/dashboard');
  }

  it('shows the landing page with its promise and three features', async () => {
    const refused = cspViolations(page);
    await page.goto('/');
    await expectText(page, 'Automate Your eCommerce Business');
    await expectText(page, 'Save hours of manual work with our powerful automation tools');
    for (const feature of ['Automated Tasks', 'Time Saving', 'Easy Integration'])
      await expectText(page, feature);
    await expectText(page, 'up to 80% less manual work');
    await screenshot(page, 'landing');
    await page.getByRole('link', { name: 'Get Started Free' }).click();
    await page.waitForURL('**/register');
    expect(refused).toEqual([]);
  });

  it('registers an owner, who lands on the dashboard with five cards', async () => {
    await registerThroughTheForm('Amina Benali', email());
    await expect(cardTitles(page)).resolves.toEqual([
      expect.stringContaining('Orders'),
      expect.stringContaining('Link Store'),
      expect.stringContaining('Statistics'),
      expect.stringContaining('Confirmateurs'),
      expect.stringContaining('Delivery Company'),
    ]);
    await expectText(page, 'Amina Benali');
    expect(await page.title()).toBe('Dashboard · Tawsil');
    await screenshot(page, 'dashboard-owner');
  });

  it('registers a confirmateur, who sees only Orders and is told owner pages are not allowed', async () => {
    await registerThroughTheForm('Yacine Agent', email(), true);
    await expect(cardTitles(page)).resolves.toEqual([expect.stringContaining('Orders')]);
    await screenshot(page, 'dashboard-confirmateur');
    await page.goto('/link-store');
    await expectText(page, 'Not allowed');
    await screenshot(page, 'not-allowed');
  });

  it("shows the server's message in the red box for a wrong password", async () => {
    const address = email();
    await registerThroughTheForm('Sara', address);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto('/login');
    await expectText(page, 'Welcome back');
    await page.getByLabel('Email address').fill(address);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('form-error').textContent()).resolves.toBe('Invalid email or password');
    await screenshot(page, 'login-wrong-password');
  });

  it('sends a signed-out visit of a protected page to /login, and back to it after signing in', async () => {
    const address = email();
    await registerThroughTheForm('Karim', address);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto('/orders');
    await page.waitForURL('**/login');
    await page.getByLabel('Email address').fill(address);
    await page.getByLabel('Password').fill('souk-el-fellah');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/orders');
    await expectText(page, 'Orders');
    await screenshot(page, 'back-to-orders');
  });

  it('returns to the signed-out navigation after Logout, and stays signed out after a reload', async () => {
    await registerThroughTheForm('Nadia', email());
    await page.reload();
    await expectText(page, 'Nadia');
    await page.getByRole('button', { name: 'Logout' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Login' }).waitFor();
    await nav.getByRole('link', { name: 'Register' }).waitFor();
    await page.reload();
    expect(await nav.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    await screenshot(page, 'signed-out');
  });

  it('keeps no token in storage: a reload signs in again from the HttpOnly cookie, which scripts cannot read', async () => {
    await registerThroughTheForm('Lydia', email());
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('tawsil.user'))) ?? '{}',
    ) as object;
    expect(stored).not.toHaveProperty('token');
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await page.goto('/account');
    await expectText(page, 'Signed-in devices');
    await page.reload();
    await expectText(page, 'Signed-in devices');
    await expectText(page, 'Lydia');
    await screenshot(page, 'account');
  });

  it('resets a forgotten password from the e-mailed link, which works once', async () => {
    const address = email();
    await registerThroughTheForm('Walid', address);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The sign-in page stays up while the next page's code loads, and it has an "Email address" too.
    await page.getByRole('form', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('Email address').fill(address);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').waitFor();
    await screenshot(page, 'forgot-password');

    const mail = await system.waitForMail(address, (m) =>
      m.links.some((l) => l.includes('/reset-password?')),
    );
    const link = mail.links.find((l) => l.includes('/reset-password?token='))!;
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('chosen-after-reset');
    await page.getByLabel('New password again').fill('chosen-after-reset');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toBe(
      'Password changed: sign in with the new one',
    );
    await screenshot(page, 'reset-password');

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another-password');
    await page.getByLabel('New password again').fill('another-password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByTestId('form-error').textContent()).resolves.toBe(
      'This reset link is invalid, used or expired: ask for a new one',
    );

    await page.goto('/login');
    await page.getByLabel('Email address').fill(address);
    await page.getByLabel('Password').fill('chosen-after-reset');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('signs out and goes to /login when the server refuses the stored token', async () => {
    await page.goto('/');
    const forged = {
      _id: randomUUID(),
      name: 'Old Session',
      email: 'old@shop.dz',
      type: 'owner',
      token: 'expired.or.forged',
    };
    await page.evaluate((user) => localStorage.setItem('tawsil.user', JSON.stringify(user)), forged);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('tawsil.user'))).toBeNull();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
  });

  it('registers a confirmateur with the keyboard alone', async () => {
    await page.goto('/register');
    await page.getByLabel('Full Name').focus();
    await page.keyboard.type('Keyboard Agent');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email());
    await page.keyboard.press('Tab');
    await page.keyboard.type('souk-el-fellah');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await expect(cardTitles(page)).resolves.toEqual([expect.stringContaining('Orders')]);
  });

  it('opens the API docs under their own policy, with nothing refused', async () => {
    const refused = cspViolations(page);
    await page.goto('/api/docs');
    await page.getByText('Tawsil API').first().waitFor();
    await page
      .getByRole('button', { name: /POST \/api\/users\/login/ })
      .first()
      .waitFor();
    expect(refused).toEqual([]);
  });
});

/** The dashboard's cards, once the page has rendered them. */
async function cardTitles(page: Page): Promise<string[]> {
  await page.getByTestId('dashboard-card').first().waitFor();
  return page.getByTestId('dashboard-card').allTextContents();
}

async function expectText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor({ timeout: 10_000 });
}
