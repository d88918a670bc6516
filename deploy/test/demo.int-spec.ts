// npm start's demo, made against the running services and the sandboxes as `npm start` does.
import { TestSystem, waitFor } from '@tawsil/testing';
import { DEMO_AGENT, DEMO_OWNER, DEMO_PASSWORD, seedDemo } from '../local/demo.cjs';

describe("npm start's demo", () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.shared({ youcanSandbox: true, zrSandbox: true });
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
    expect(await system.mailbox(DEMO_AGENT.email)).toHaveLength(1);
  });
});
