import { QueueName } from '@tawsil/contracts/queues';
import {
  linkStore,
  type MetricSample,
  metricValue,
  ordersOf,
  registerUser,
  sandbox,
  scrapeMetrics,
  type ServiceKey,
  TcpProxy,
  testRedisServer,
  TestSystem,
  type TestUser,
  waitFor,
} from '@tawsil/testing';
import { randomUUID } from 'node:crypto';

const SERVICES: ServiceKey[] = ['gateway', 'identity', 'orders', 'stores-youcan', 'delivery-zr'];
const HTTP = 'tawsil_http_request_duration_seconds_count';
const RPC_CALLS = 'tawsil_rpc_call_duration_seconds_count';
const RPC_HANDLED = 'tawsil_rpc_handled_duration_seconds_count';
const JOBS = 'tawsil_queue_job_duration_seconds_count';

describe('Prometheus metrics on each service’s internal port', () => {
  let system: TestSystem;
  let owner: TestUser;

  beforeAll(async () => {
    system = await TestSystem.start({ youcanSandbox: true });
    owner = await registerUser(system, 'Nadia Metrics');
  });
  afterAll(() => system?.stop());

  const scrape = (service: ServiceKey) => scrapeMetrics(system.instances(service)[0].metricsUrl);
  const increase = (before: MetricSample[], after: MetricSample[], name: string, labels = {}) =>
    metricValue(after, name, labels) - metricValue(before, name, labels);

  it('counts gateway requests by method, route template and status, with the RPC behind them', async () => {
    const [gatewayBefore, identityBefore, zrBefore] = await Promise.all([
      scrape('gateway'),
      scrape('identity'),
      scrape('delivery-zr'),
    ]);
    const unknownJob = randomUUID();
    for (let i = 0; i < 3; i++) {
      const refused = await system.request('POST', '/api/users/login', {
        email: owner.email,
        password: 'not-the-password',
      });
      expect(refused.status).toBe(401);
    }
    const missing = await system.request('GET', `/api/ZR/saisie/${unknownJob}`, undefined, owner.token);
    expect(missing.status).toBe(404);
    expect((await system.request('GET', '/api/status', undefined, owner.token)).status).toBe(200);

    const [gateway, identity, zr] = await Promise.all([
      scrape('gateway'),
      scrape('identity'),
      scrape('delivery-zr'),
    ]);
    const login = { method: 'POST', route: '/api/users/login', status_code: '401' };
    expect(increase(gatewayBefore, gateway, HTTP, login)).toBe(3);
    const saisie = { method: 'GET', route: '/api/ZR/saisie/:jobId', status_code: '404' };
    expect(increase(gatewayBefore, gateway, HTTP, saisie)).toBe(1);
    expect(increase(gatewayBefore, gateway, HTTP, { route: '/api/status', status_code: '200' })).toBe(1);
    // Labels hold templates, never ids.
    expect(gateway.some((sample) => Object.values(sample.labels).some((v) => v.includes(unknownJob)))).toBe(
      false,
    );

    // The calls the gateway made, and the same requests as the services answered them.
    const loginRpc = { pattern: 'identity.user.login.v1', outcome: 'rejected' };
    expect(increase(gatewayBefore, gateway, RPC_CALLS, loginRpc)).toBe(3);
    expect(increase(identityBefore, identity, RPC_HANDLED, loginRpc)).toBe(3);
    const statusRpc = { pattern: 'delivery-zr.saisie.status.v1', outcome: 'rejected' };
    expect(increase(gatewayBefore, gateway, RPC_CALLS, statusRpc)).toBe(1);
    expect(increase(zrBefore, zr, RPC_HANDLED, statusRpc)).toBe(1);
    const ping = { pattern: 'identity.health.ping.v1', outcome: 'ok' };
    expect(increase(gatewayBefore, gateway, RPC_CALLS, ping)).toBe(1);
    expect(increase(identityBefore, identity, RPC_HANDLED, ping)).toBe(1);
  });

  it('times the jobs of each queue and measures how far webhook imports run behind', async () => {
    const storeId = await linkStore(system, owner, 'souk-metrics');
    const [youcanBefore, ordersBefore] = await Promise.all([scrape('stores-youcan'), scrape('orders')]);
    const created = await sandbox(system, 'POST', '/_sandbox/stores/souk-metrics/orders', { count: 5 });
    expect(created.deliveries).toHaveLength(5);
    await waitFor(
      '5 orders',
      () => ordersOf(system, storeId),
      (count) => count === 5,
    );

    const youcan = await scrape('stores-youcan');
    const webhooks = { queue: QueueName.YoucanOrderEvents, outcome: 'completed' };
    expect(increase(youcanBefore, youcan, JOBS, webhooks)).toBe(5);
    expect(increase(youcanBefore, youcan, 'tawsil_youcan_webhook_lag_seconds_count')).toBe(5);
    const lag = metricValue(youcan, 'tawsil_youcan_webhook_lag_seconds_sum');
    expect(lag).toBeGreaterThan(0);
    expect(lag / metricValue(youcan, 'tawsil_youcan_webhook_lag_seconds_count')).toBeLessThan(15);
    expect(metricValue(youcan, JOBS, { queue: QueueName.YoucanImport, outcome: 'completed' })).toBe(1);
    // A job counts once its handler has returned: its order may be visible a moment before.
    const synced = { queue: QueueName.OrdersSync, outcome: 'completed' };
    await waitFor(
      'the orders-sync jobs counted',
      async () => increase(ordersBefore, await scrape('orders'), JOBS, synced),
      (count) => count >= 5,
    );
  });

  it('reports the depth of every queue in each state, from the service that consumes it', async () => {
    const scrapes = await Promise.all(SERVICES.map(scrape));
    const reported = scrapes.flatMap((samples, index) =>
      samples
        .filter((sample) => sample.name === 'tawsil_queue_jobs')
        .map(({ labels, value }) => ({
          service: SERVICES[index],
          queue: labels.queue,
          state: labels.state,
          value,
        })),
    );
    for (const queue of Object.values(QueueName))
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        const found = reported.filter((sample) => sample.queue === queue && sample.state === state);
        expect({ queue, state, services: found.length }).toEqual({ queue, state, services: 1 });
        expect(found[0].value).toBeGreaterThanOrEqual(0);
      }
    expect(reported.filter((sample) => sample.service === 'gateway')).toEqual([]);
  });

  it('includes the process metrics, with the service named on every sample', async () => {
    for (const service of SERVICES) {
      const samples = await scrape(service);
      expect(metricValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(samples.some((sample) => sample.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
      expect(samples.filter((sample) => sample.labels.service !== service)).toEqual([]);
    }
  });

  it('is never served on the public port', async () => {
    const response = await fetch(`${system.gatewayUrl}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('tawsil_');
  });
});

describe('Metrics while Redis is away', () => {
  let system: TestSystem;
  let redis: TcpProxy;

  beforeAll(async () => {
    redis = await TcpProxy.for(await testRedisServer());
    system = await TestSystem.start({ services: ['identity'], redisUrlFor: (url) => redis.url(url) });
  });
  afterAll(async () => {
    await system?.stop();
    await redis?.cut();
  });

  const scrapeIdentity = () => scrapeMetrics(system.instances('identity')[0].metricsUrl);
  const depthSamples = (samples: MetricSample[]) =>
    samples.filter((sample) => sample.name === 'tawsil_queue_jobs').length;
  /** identity consumes identity-store-events and identity-repair, four states each. */
  const IDENTITY_DEPTHS = 2 * 4;

  it('still answers at once, leaving out the queue depths it cannot read, and has them again after', async () => {
    expect(depthSamples(await scrapeIdentity())).toBe(IDENTITY_DEPTHS);
    await redis.cut();
    const started = Date.now();
    const during = await scrapeIdentity();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(depthSamples(during)).toBe(0);
    expect(metricValue(during, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

    await redis.restore();
    await waitFor('the queue depths', scrapeIdentity, (samples) => depthSamples(samples) === IDENTITY_DEPTHS);
  });
});
