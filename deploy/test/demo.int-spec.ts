// npm start's demo, made against the running services and the sandboxes as `npm start` does.
import { TestSystem, waitFor } from '@tawsil/testing';
import { DEMO_AGENT, DEMO_OWNER, DEMO_PASSWORD, seedDemo } from '../local/demo.cjs';

describe("npm start's demo", () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.shared({ youcanSandbox: true, zrSandbox: true, yalidineSandbox: true });
  }, 120_000);

  const signIn = async (email: string) => {
    const login = await system.request('POST', '/api/users/login', { email, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    return login.body.token as string;
  };

  it('links the demo store as a browser does and makes an agent who joined it by invitation, once', async () => {
    const urls = {
      gateway: system.gatewayUrl,
      youcanSandbox: system.youcanSandboxUrl,
      zrSandbox: system.zrSandboxUrl,
      yalidineSandbox: system.yalidineSandboxUrl,
      mailSandbox: system.mailSandboxUrl,
    };
    const lines = await seedDemo(urls);
    expect(lines.join('\n')).toContain(DEMO_AGENT.email);

    const stores = await system.request(
      'GET',
      '/api/stores/youcan',
      undefined,
      await signIn(DEMO_OWNER.email),
    );
    expect((stores.body as unknown as { name: string }[]).map((store) => store.name)).toEqual([
      'boutique-amina',
    ]);
    // Two carriers to choose from, Yalidine's webhook registered at the sandbox with its secret given.
    const accounts = await system.request(
      'GET',
      '/api/delivery/account',
      undefined,
      await signIn(DEMO_OWNER.email),
    );
    expect(accounts.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ company: 'zrexpress', api: 'procolis' }),
        expect.objectContaining({ company: 'yalidine', api: 'yalidine', webhookSecretSet: true }),
      ]),
    );
    expect(accounts.body).toHaveLength(2);
    const yalidine = (accounts.body as unknown as { _id: string; company: string }[]).find(
      (account) => account.company === 'yalidine',
    )!;
    const webhooks = (await fetch(`${system.yalidineSandboxUrl}/_sandbox/webhooks`).then((answer) =>
      answer.json(),
    )) as { url: string; active: boolean }[];
    expect(
      webhooks.filter((webhook) => webhook.url.endsWith(`/api/webhooks/yalidine/${yalidine._id}`)),
    ).toEqual([expect.objectContaining({ active: true })]);
    const agentToken = await signIn(DEMO_AGENT.email);
    await waitFor(
      "the demo store's orders, seen by the agent",
      async () =>
        (await system.request('GET', '/api/orders/youcan?limit=500', undefined, agentToken)).body.length,
      (count) => count === 40,
      60_000,
    );

    // A later start finds the demo made and changes nothing.
    await seedDemo(urls);
    const again = await system.request(
      'GET',
      '/api/stores/youcan',
      undefined,
      await signIn(DEMO_OWNER.email),
    );
    expect((again.body as unknown as unknown[]).length).toBe(1);
    expect(
      (await system.request('GET', '/api/delivery/account', undefined, await signIn(DEMO_OWNER.email))).body,
    ).toHaveLength(2);
    expect(await system.mailbox(DEMO_AGENT.email)).toHaveLength(1);
  });
});
