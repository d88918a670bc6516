import { TestSystem } from '@tawsil/testing';
import { waitFor } from '../../services/stores/youcan/test/youcan-flow';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const demo = require('../local/demo.cjs') as {
  seedDemo(urls: Record<string, string>): Promise<string[]>;
  DEMO_AGENT: { email: string };
  DEMO_PASSWORD: string;
};

describe("npm start's demo", () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ youcanSandbox: true, zrSandbox: true });
  }, 120_000);
  afterAll(() => system?.stop());

  it('makes an agent who joined the demo store by its invitation and sees its orders', async () => {
    const lines = await demo.seedDemo({
      gateway: system.gatewayUrl,
      youcanSandbox: system.youcanSandboxUrl,
      zrSandbox: system.zrSandboxUrl,
      mailSandbox: system.mailSandboxUrl,
    });
    expect(lines.join('\n')).toContain(demo.DEMO_AGENT.email);
    const agent = await system.request('POST', '/api/users/login', {
      email: demo.DEMO_AGENT.email,
      password: demo.DEMO_PASSWORD,
    });
    expect(agent.status).toBe(200);
    const token = agent.body.token as string;
    await waitFor(
      "the demo store's orders, seen by the agent",
      async () => (await system.request('GET', '/api/orders/youcan?limit=500', undefined, token)).body.length,
      (count) => count === 40,
      60_000,
    );
    // A second start finds the demo made and changes nothing.
    await demo.seedDemo({
      gateway: system.gatewayUrl,
      youcanSandbox: system.youcanSandboxUrl,
      zrSandbox: system.zrSandboxUrl,
      mailSandbox: system.mailSandboxUrl,
    });
    expect(await system.mailbox(demo.DEMO_AGENT.email)).toHaveLength(1);
  });
});
