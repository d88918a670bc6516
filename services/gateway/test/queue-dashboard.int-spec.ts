import { QueueName } from '@tawsil/contracts/queues';
import { registerUser, type ServiceProcess, TestSystem } from '@tawsil/testing';

const USER = 'operator';
const PASSWORD = 'a-long-dashboard-password';
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('The queue dashboard', () => {
  let system: TestSystem;
  let gateway: ServiceProcess;

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity'],
      env: { QUEUE_DASHBOARD_USER: USER, QUEUE_DASHBOARD_PASSWORD: PASSWORD },
    });
    [gateway] = system.instances('gateway');
  });
  afterAll(() => system?.stop());

  const dashboard = (path: string, authorization?: string, base = gateway.metricsUrl) =>
    fetch(`${base}${path}`, { headers: authorization ? { authorization } : {} });

  it('asks for credentials, and refuses wrong ones', async () => {
    const anonymous = await dashboard('/queues');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(anonymous.headers.get('x-frame-options')).toBe('DENY');
    for (const authorization of [
      basic(USER, 'a-long-dashboard-passworD'),
      basic('Operator', PASSWORD),
      basic(USER, ''),
      basic(`${USER}:${PASSWORD}`, ''),
      `Basic ${PASSWORD}`,
      'Basic',
    ])
      expect({
        authorization,
        status: (await dashboard('/queues/api/queues', authorization)).status,
      }).toEqual({
        authorization,
        status: 401,
      });
  });

  it('never opens with the token of an owner or an agent', async () => {
    for (const user of [
      await registerUser(system, 'Owner Yacine'),
      await registerUser(system, 'Agent Lina', true),
    ]) {
      expect((await dashboard('/queues', `Bearer ${user.token}`)).status).toBe(401);
      expect((await dashboard('/queues', basic(user.email, 'souk-el-fellah'))).status).toBe(401);
    }
  });

  it('shows every queue of the product with the right credentials', async () => {
    const page = await dashboard('/queues', basic(USER, PASSWORD));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    // Its own policy: inline styles and its <base href>, but still only its own scripts, never framed.
    const csp = page.headers.get('content-security-policy')!.split(';');
    expect(csp).toEqual(
      expect.arrayContaining([
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
      ]),
    );
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const api = await dashboard('/queues/api/queues', basic(USER, PASSWORD));
    expect(api.status).toBe(200);
    const { queues } = (await api.json()) as { queues: { name: string }[] };
    expect(queues.map((queue) => queue.name).sort()).toEqual(Object.values(QueueName).sort());
  });

  it('is not on the public port', async () => {
    for (const path of ['/queues', '/queues/api/queues'])
      expect((await dashboard(path, basic(USER, PASSWORD), system.gatewayUrl)).status).toBe(404);
  });

  it('is off, answering 404, on a gateway without credentials', async () => {
    const plain = await system.startService('gateway', {
      QUEUE_DASHBOARD_USER: '',
      QUEUE_DASHBOARD_PASSWORD: '',
    });
    expect((await dashboard('/queues', basic(USER, PASSWORD), plain.metricsUrl)).status).toBe(404);
    expect((await fetch(`${plain.metricsUrl}/metrics`)).status).toBe(200);
  });
});
