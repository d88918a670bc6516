// npm start's demo, made against the running services and both sandboxes as `npm start` does.
import { TestSystem } from '@tawsil/testing';
import { DEMO_OWNER, DEMO_PASSWORD, seedDemo } from '../local/demo.cjs';

describe("npm start's demo", () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity', 'orders', 'stores-youcan', 'delivery-zr'],
      youcanSandbox: true,
      zrSandbox: true,
    });
  });
  afterAll(() => system?.stop());

  it('links the demo store through YouCan’s consent as a browser does, once', async () => {
    const urls = {
      gateway: system.gatewayUrl,
      youcanSandbox: system.youcanSandboxUrl,
      zrSandbox: system.zrSandboxUrl,
    };
    await seedDemo(urls);
    await seedDemo(urls); // a later start leaves it as it is
    const login = await system.request('POST', '/api/users/login', {
      email: DEMO_OWNER.email,
      password: DEMO_PASSWORD,
    });
    const stores = await system.request('GET', '/api/stores/youcan', undefined, login.body.token as string);
    expect((stores.body as unknown as { name: string }[]).map((store) => store.name)).toEqual([
      'boutique-amina',
    ]);
  });
});
