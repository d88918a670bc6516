import { TestSystem } from '@tawsil/testing';
import jwt from 'jsonwebtoken';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';

/** A browser: the refresh cookie it was given, sent back to the auth routes. */
class Browser {
  cookie = '';
  token = '';

  constructor(
    private readonly system: TestSystem,
    private readonly baseUrl = system.gatewayUrl,
  ) {}

  async call(method: string, path: string, body?: unknown, token = this.token) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(this.cookie && path.startsWith('/api/auth/') ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie') ?? '';
    const text = await response.text();
    if (setCookie) this.cookie = setCookie.split(';')[0].endsWith('=') ? '' : setCookie.split(';')[0];
    return {
      status: response.status,
      setCookie,
      body: (text ? JSON.parse(text) : undefined) as Record<string, unknown>,
    };
  }

  async signIn(email: string, password: string) {
    const answer = await this.call('POST', '/api/users/login', { email, password }, '');
    expect(answer.status).toBe(200);
    this.token = answer.body.token as string;
    return answer;
  }

  async refresh() {
    const answer = await this.call('POST', '/api/auth/refresh', undefined, '');
    if (answer.status === 200) this.token = answer.body.token as string;
    return answer;
  }

  me(token = this.token) {
    return this.call('GET', '/api/users/me', undefined, token);
  }
}

/** Polls until the token is refused; answers how long that took. */
async function refusedWithin(browser: Browser, token: string, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if ((await browser.me(token)).status === 401) return Date.now() - started;
    await sleep(20);
  }
  throw new Error(`The token was still accepted after ${limitMs} ms`);
}

describe('Sessions: refresh cookie, sign-out, password change and reset', () => {
  let system: TestSystem;
  let accounts = 0;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['identity'] });
  });
  afterAll(() => system?.stop());

  /** A new owner, and the email and password to sign in with. */
  async function newOwner(password = 'souk-el-fellah') {
    const email = `owner${++accounts}@shop.dz`;
    const created = await system.request('POST', '/api/users/register', { name: 'Amina', email, password });
    expect(created.status).toBe(201);
    return { email, password };
  }

  it('signs in with a 15-minute token naming its session, and an HttpOnly cookie only the auth routes get', async () => {
    const { email, password } = await newOwner();
    const browser = new Browser(system);
    const answer = await browser.signIn(email, password);
    expect(answer.setCookie).toMatch(
      /^tawsil_refresh=[0-9a-f-]{36}\.[\w-]{43}; Max-Age=2592000; Path=\/api\/auth; HttpOnly; SameSite=Strict$/,
    );
    const claims = jwt.decode(browser.token, { json: true })!;
    expect(claims.sid).toBe(browser.cookie.split('=')[1].split('.')[0]);
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(answer.body).toEqual({
      _id: claims.sub,
      name: 'Amina',
      email,
      type: 'owner',
      language: 'fr',
      token: browser.token,
    });
  });

  it('renews the token with the cookie, which is replaced: the old one works no more', async () => {
    const { email, password } = await newOwner();
    const browser = new Browser(system);
    await browser.signIn(email, password);
    const first = browser.cookie;
    const renewed = await browser.refresh();
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ email, type: 'owner' });
    expect(browser.cookie).not.toBe(first);
    expect((await browser.me()).status).toBe(200);

    // Another tab that sent the replaced cookie at the same moment is asked to retry, not signed out.
    const otherTab = new Browser(system);
    otherTab.cookie = first;
    const raced = await otherTab.refresh();
    expect(raced.status).toBe(409);
    expect((await browser.refresh()).status).toBe(200);
  });

  it('ends the session when a replaced refresh cookie comes back: the thief and the owner are both out', async () => {
    const { email, password } = await newOwner();
    const owner = new Browser(system);
    await owner.signIn(email, password);
    const stolen = owner.cookie;
    await owner.refresh();
    await owner.refresh();

    const thief = new Browser(system);
    thief.cookie = stolen;
    const reused = await thief.refresh();
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(
      'This session was used from somewhere else and has been ended: sign in again',
    );
    expect(reused.setCookie).toMatch(/^tawsil_refresh=; Max-Age=0/);

    await refusedWithin(owner, owner.token, 1000);
    expect((await owner.refresh()).status).toBe(401);
  });

  it('refuses a refresh without a cookie, or with a made-up one, with 401', async () => {
    const anonymous = new Browser(system);
    expect((await anonymous.refresh()).status).toBe(401);
    anonymous.cookie = `tawsil_refresh=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${'a'.repeat(43)}`;
    expect((await anonymous.refresh()).status).toBe(401);
  });

  it('changing the password ends every other session within a second, on every gateway; this one stays', async () => {
    const { email, password } = await newOwner();
    const phone = new Browser(system);
    const laptop = new Browser(system);
    await phone.signIn(email, password);
    await laptop.signIn(email, password);
    const secondGateway = await system.startService('gateway');
    const viaSecond = new Browser(system, `http://127.0.0.1:${secondGateway.httpPort}`);
    expect((await viaSecond.me(laptop.token)).status).toBe(200);

    const changed = await phone.call('POST', '/api/auth/password', {
      currentPassword: password,
      newPassword: 'a-much-better-one',
    });
    expect(changed.status).toBe(200);
    // The laptop's, and the one the registration opened.
    expect(changed.body).toEqual({ message: 'Password changed', endedSessions: 2 });

    expect(await refusedWithin(laptop, laptop.token, 1000)).toBeLessThan(1000);
    expect(await refusedWithin(viaSecond, laptop.token, 1000)).toBeLessThan(1000);
    expect((await laptop.refresh()).status).toBe(401);
    expect((await phone.me()).status).toBe(200);
    expect((await phone.refresh()).status).toBe(200);

    expect((await system.request('POST', '/api/users/login', { email, password })).status).toBe(401);
    const fresh = new Browser(system);
    await fresh.signIn(email, 'a-much-better-one');
    await secondGateway.stop();
  });

  it('refuses a password change with a wrong current password, changing nothing', async () => {
    const { email, password } = await newOwner();
    const browser = new Browser(system);
    await browser.signIn(email, password);
    const refused = await browser.call('POST', '/api/auth/password', {
      currentPassword: 'not-the-password',
      newPassword: 'a-much-better-one',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: 'The current password is not correct',
      code: 'passwords.current_wrong',
    });
    const short = await browser.call('POST', '/api/auth/password', {
      currentPassword: password,
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      message: 'newPassword must be at least 10 characters',
      code: 'validation.failed',
      params: {
        field: 'newPassword',
        constraint: 'isAcceptablePassword',
        rule: 'validation.too_short',
        min: '10',
      },
    });
    await new Browser(system).signIn(email, password);
  });

  it('signs out this session only, or every session', async () => {
    const { email, password } = await newOwner();
    const [one, two, three] = [new Browser(system), new Browser(system), new Browser(system)];
    for (const browser of [one, two, three]) await browser.signIn(email, password);

    const out = await one.call('POST', '/api/auth/sign-out');
    expect(out.status).toBe(204);
    expect(out.setCookie).toMatch(/^tawsil_refresh=; Max-Age=0/);
    expect((await one.me()).status).toBe(401);
    expect((await two.me()).status).toBe(200);

    const listed = await two.call('GET', '/api/auth/sessions');
    expect(listed.status).toBe(200);
    // Two and three, and the one the registration opened.
    expect((listed.body as unknown as { current: boolean }[]).map((s) => s.current).sort()).toEqual([
      false,
      false,
      true,
    ]);

    expect((await two.call('POST', '/api/auth/sign-out-everywhere')).status).toBe(204);
    for (const browser of [two, three]) {
      await refusedWithin(browser, browser.token, 1000);
      expect((await browser.refresh()).status).toBe(401);
    }
  });

  describe('password reset by e-mail', () => {
    const resetLinkOf = async (email: string) => {
      const mail = await system.waitForMail(email, (m) =>
        m.links.some((l) => l.includes('/reset-password?')),
      );
      const link = mail.links.find((l) => l.includes('/reset-password?token='))!;
      expect(link.startsWith(`${system.gatewayUrl}/reset-password?token=`)).toBe(true);
      return new URL(link).searchParams.get('token')!;
    };

    it('answers the same whether or not the address has an account, and mails a link only to an account', async () => {
      const { email } = await newOwner();
      const known = await system.request('POST', '/api/auth/forgot-password', { email: email.toUpperCase() });
      const unknown = await system.request('POST', '/api/auth/forgot-password', { email: 'nobody@shop.dz' });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(unknown.body).toEqual(known.body);
      await resetLinkOf(email);
      await sleep(300);
      expect(await system.mailbox('nobody@shop.dz')).toEqual([]);
      const bad = await system.request('POST', '/api/auth/forgot-password', { email: 'not-an-address' });
      expect(bad.status).toBe(400);
    });

    it('sets the password once with the mailed link, ending every session; the link then works no more', async () => {
      const { email, password } = await newOwner();
      const browser = new Browser(system);
      await browser.signIn(email, password);
      await system.request('POST', '/api/auth/forgot-password', { email });
      const token = await resetLinkOf(email);

      const reset = await system.request('POST', '/api/auth/reset-password', {
        token,
        password: 'chosen-after-reset',
      });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ message: 'Password changed: sign in with the new one' });
      await refusedWithin(browser, browser.token, 1000);
      expect((await browser.refresh()).status).toBe(401);
      await new Browser(system).signIn(email, 'chosen-after-reset');

      const again = await system.request('POST', '/api/auth/reset-password', {
        token,
        password: 'another-password',
      });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        message: 'This reset link is invalid, used or expired: ask for a new one',
        code: 'passwords.reset_link_invalid',
      });
      await new Browser(system).signIn(email, 'chosen-after-reset');
    });

    it('refuses an expired link', async () => {
      const { email, password } = await newOwner();
      await system.request('POST', '/api/auth/forgot-password', { email });
      const token = await resetLinkOf(email);
      const db = new Client({ connectionString: system.database.url });
      await db.connect();
      await db.query(
        `update identity.password_resets set expires_at = now() - interval '1 second'
           where user_id = (select id from identity.users where email = $1)`,
        [email],
      );
      await db.end();
      const expired = await system.request('POST', '/api/auth/reset-password', {
        token,
        password: 'too-late-now',
      });
      expect(expired.status).toBe(400);
      await new Browser(system).signIn(email, password);
    });

    it('mails one account at most three links in 15 minutes, answering the same to every ask', async () => {
      const { email } = await newOwner();
      for (let ask = 0; ask < 5; ask++)
        expect((await system.request('POST', '/api/auth/forgot-password', { email })).status).toBe(202);
      await system.waitForMail(email, () => true);
      await sleep(500);
      expect((await system.mailbox(email)).length).toBe(3);
    });
  });
});
