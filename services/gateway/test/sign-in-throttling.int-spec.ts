import { TestSystem } from '@tawsil/testing';

const PASSWORD = 'souk-el-fellah';
const ACCOUNT_MESSAGE = /^Too many failed sign-ins for this account: wait \d+ s and try again$/;

describe('Sign-in throttling per account and per address', () => {
  let system: TestSystem;
  /** A gateway that believes X-Forwarded-For from 127.0.0.1 only: the tests play several addresses. */
  let behindProxy: string;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['identity'] });
    const gateway = await system.startService('gateway', { TRUST_PROXY: '127.0.0.1' });
    behindProxy = `http://127.0.0.1:${gateway.httpPort}`;
  });
  afterAll(() => system?.stop());

  async function signIn(base: string, from: string, email: string, password: string) {
    const response = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ email, password }),
    });
    return {
      status: response.status,
      retryAfter: Number(response.headers.get('retry-after')),
      body: (await response.json()) as { message?: string; token?: string },
    };
  }

  const register = async (email: string) =>
    expect(
      (await system.request('POST', '/api/users/register', { name: 'Amina', email, password: PASSWORD }))
        .status,
    ).toBe(201);

  /** Three addresses make two wrong guesses each at one account. */
  async function guessFromThreeAddresses(email: string) {
    const statuses: number[] = [];
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      for (let guess = 0; guess < 2; guess++)
        statuses.push((await signIn(behindProxy, address, email, `wrong-guess-${guess}`)).status);
    return statuses;
  }

  it('ignores the X-Forwarded-For of a client that is not a trusted proxy', async () => {
    const direct = await system.startService('gateway', { AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const base = `http://127.0.0.1:${direct.httpPort}`;
    const statuses = [];
    for (let i = 1; i <= 4; i++)
      statuses.push((await signIn(base, `198.51.100.${i}`, `spoofer-${i}@shop.dz`, 'wrong-guess')).status);
    // Four "addresses" but one real one: the fourth attempt is past its limit of three.
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('throttles the fourth address guessing one account although that address never failed', async () => {
    await register('guessed@shop.dz');
    const statuses = await guessFromThreeAddresses('guessed@shop.dz');
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);

    const fourth = await signIn(behindProxy, '203.0.113.4', 'guessed@shop.dz', PASSWORD);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(ACCOUNT_MESSAGE);
    expect(fourth.retryAfter).toBeGreaterThanOrEqual(1);

    // Once the wait is over the owner signs in, and that resets the delay.
    await new Promise((resolve) => setTimeout(resolve, fourth.retryAfter * 1000 + 100));
    expect((await signIn(behindProxy, '203.0.113.4', 'guessed@shop.dz', PASSWORD)).status).toBe(200);
    expect((await signIn(behindProxy, '203.0.113.5', 'guessed@shop.dz', 'wrong-again')).status).toBe(401);
    expect((await signIn(behindProxy, '203.0.113.5', 'guessed@shop.dz', PASSWORD)).status).toBe(200);
  });

  it('answers an unknown email exactly as a known one', async () => {
    await register('known@shop.dz');
    // Each account is tried again right after its guesses, while its delay runs: on a loaded
    // machine the other account's six guesses can outlast it.
    const known = await guessFromThreeAddresses('known@shop.dz');
    const knownRefusal = await signIn(behindProxy, '203.0.113.9', 'known@shop.dz', PASSWORD);
    const unknown = await guessFromThreeAddresses('nobody-here@shop.dz');
    const unknownRefusal = await signIn(behindProxy, '203.0.113.9', 'nobody-here@shop.dz', PASSWORD);
    expect(unknown.slice(0, 5)).toEqual(known.slice(0, 5));
    expect([knownRefusal.status, unknownRefusal.status]).toEqual([429, 429]);
    expect(unknownRefusal.body.message).toMatch(ACCOUNT_MESSAGE);
  });

  it('lets a burst of guesses from many addresses at once check only a few passwords', async () => {
    await register('burst@shop.dz');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(behindProxy, `192.0.2.${i + 1}`, 'burst@shop.dz', `guess-${i}`),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('stops an account after its failures of the hour, even with the right password', async () => {
    const strict = await system.startService('gateway', {
      TRUST_PROXY: '127.0.0.1',
      LOGIN_FAILURES_BEFORE_DELAY: '100',
      LOGIN_FAILURES_PER_HOUR: '3',
    });
    const base = `http://127.0.0.1:${strict.httpPort}`;
    await register('hourly@shop.dz');
    for (let i = 1; i <= 3; i++)
      expect((await signIn(base, `203.0.113.${20 + i}`, 'hourly@shop.dz', 'wrong-guess')).status).toBe(401);
    const refused = await signIn(base, '203.0.113.30', 'hourly@shop.dz', PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeGreaterThan(3500);
    expect(refused.retryAfter).toBeLessThanOrEqual(3600);
  });
});
