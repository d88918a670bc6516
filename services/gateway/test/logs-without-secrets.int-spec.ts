import type { OrderView } from '@tawsil/contracts/orders';
import { authorizeStore, sandbox, TestSystem, waitFor } from '@tawsil/testing';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SseClient } from './sse-client';

const PASSWORD = `kasbah-sesame-${randomUUID().slice(0, 8)}`;
const FIRST_NAME = 'Zoulikha';
const LAST_NAME = 'Qerbaniya';
const CUSTOMER = `${FIRST_NAME} ${LAST_NAME}`;

/** One order of the sandbox store with a customer name found nowhere else. */
const knownCustomer = () => {
  const place = { phone: '0555123987', region: 'Alger', city: 'Kouba' };
  return {
    customer: { id: randomUUID(), first_name: FIRST_NAME, last_name: LAST_NAME, ...place },
    shipping: {
      status: 0,
      price: 400,
      address: [
        {
          first_name: FIRST_NAME,
          last_name: LAST_NAME,
          full_name: CUSTOMER,
          first_line: 'Cité 20 août, bâtiment 3',
          country_code: 'DZ',
          country_name: 'Algeria',
          ...place,
        },
      ],
    },
  };
};

/**
 * A whole run of the product with every service logging at debug level: signing up and in, linking a
 * store through YouCan's OAuth, searching for a customer, the live events stream. Nothing secret or
 * personal may reach any service's log.
 */
describe('Logs of a full run', () => {
  let system: TestSystem;
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    system = await TestSystem.shared({ youcanSandbox: true, zrSandbox: true });

    const email = `logs-${randomUUID().slice(0, 6)}@shop.dz`;
    const registered = await system.request('POST', '/api/users/register', {
      name: 'Amina Logs',
      email,
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    const wrong = await system.request('POST', '/api/users/login', { email, password: `${PASSWORD}-typo` });
    expect(wrong.status).toBe(401);
    const login = await system.request('POST', '/api/users/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    const owner = { id: login.body._id as string, token, email, name: 'Amina Logs' };

    const { callback, landing } = await authorizeStore(system, owner, 'boutique-logs');
    expect(landing.searchParams.get('linked')).toBe('boutique-logs');
    // The same code and state again, as a replayed link would send them.
    await fetch(callback, { redirect: 'manual' });

    await sandbox(system, 'POST', '/_sandbox/stores/boutique-logs/orders', {
      count: 3,
      overrides: [knownCustomer()],
    });
    const search = (q: string) =>
      system.request('GET', `/api/orders/youcan?${new URLSearchParams({ q })}`, undefined, token);
    const found = await waitFor(
      'the customer found by name',
      () => search(LAST_NAME),
      (answer) => (answer.body as unknown as OrderView[]).length === 1,
    );
    expect((found.body as unknown as OrderView[])[0].customer.full_name).toBe(CUSTOMER);
    await search(CUSTOMER);

    const live = await SseClient.open(system.gatewayUrl, token);
    expect(live.status).toBe(200);
    await live.waitFor('sync', (message) => message.event === 'sync');
    live.close();
    // A client that puts the token in the address instead of the header.
    await fetch(`${system.gatewayUrl}/api/events?token=${token}`).then((answer) => answer.body?.cancel());
    await fetch(`${system.gatewayUrl}/api/orders/youcan?search=${LAST_NAME}&access_token=${token}`);

    Object.assign(secrets, {
      password: PASSWORD,
      token,
      tokenSignature: token.split('.')[2],
      oauthCode: callback.searchParams.get('code')!,
      oauthState: callback.searchParams.get('state')!,
      customerLastName: LAST_NAME,
      customerFirstName: FIRST_NAME,
    });
    await sleep(1_000); // the last request lines reach the logs
  }, 120_000);

  const allLogs = () =>
    system.processes.flatMap((process) =>
      process.logs.map((line) => ({ service: process.name, text: JSON.stringify(line) })),
    );

  it('logged the run: every request, with its query values redacted', () => {
    const texts = allLogs().map((line) => line.text);
    expect(texts.length).toBeGreaterThan(50);
    const urls = allLogs()
      .filter((line) => line.service === 'gateway')
      .map((line) => (JSON.parse(line.text) as { req?: { url?: string } }).req?.url)
      .filter((url): url is string => !!url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/users/login',
        '/api/stores/youcan/callback?code=[redacted]&state=[redacted]',
        '/api/orders/youcan?q=[redacted]',
        '/api/events',
        '/api/events?token=[redacted]',
      ]),
    );
  });

  it('holds no password, token, OAuth code or state, nor customer name, in any service', () => {
    expect(secrets.oauthCode).toBeTruthy();
    const leaks = allLogs().flatMap(({ service, text }) =>
      Object.entries(secrets)
        .filter(([, secret]) => text.toLowerCase().includes(secret.toLowerCase()))
        .map(([what]) => ({ service, what, line: text.slice(0, 300) })),
    );
    expect(leaks).toEqual([]);
  });
});
