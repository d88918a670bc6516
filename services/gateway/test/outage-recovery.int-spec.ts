import { TcpProxy, TestSystem, testPostgresServer, testRedisServer } from '@tawsil/testing';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * PostgreSQL and Redis go away and come back: the services answer 503 meanwhile and recover by
 * themselves, without a restart. The outage is played by cutting a TCP proxy in front of each.
 */
describe('Recovery after a PostgreSQL or Redis outage', () => {
  let system: TestSystem;
  let postgres: TcpProxy;
  let redis: TcpProxy;
  const credentials = { email: 'resilient@shop.dz', password: 'comes-back' };

  beforeAll(async () => {
    postgres = await TcpProxy.for(await testPostgresServer());
    redis = await TcpProxy.for(await testRedisServer());
    system = await TestSystem.start({
      services: ['identity'],
      env: { RPC_TIMEOUT_MS: '3000' },
      databaseUrlFor: (url) => postgres.url(url),
      redisUrlFor: (url) => redis.url(url),
    });
    expect(
      (await system.request('POST', '/api/users/register', { name: 'Resilient', ...credentials })).status,
    ).toBe(201);
  });
  afterAll(async () => {
    await system?.stop();
    await postgres?.cut();
    await redis?.cut();
  });

  const login = () => system.request('POST', '/api/users/login', credentials);

  /** Retries until the login succeeds, for at most the given time; answers the last status. */
  async function loginWithin(ms: number): Promise<number> {
    const deadline = Date.now() + ms;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await login()).status;
      if (status === 200) break;
      await sleep(250);
    }
    return status;
  }

  it('answers 503 while Redis is away and works again once it is back', async () => {
    await redis.cut();
    const during = await login();
    expect(during.status).toBe(503);
    expect(typeof during.body.message).toBe('string');

    await redis.restore();
    expect(await loginWithin(20_000)).toBe(200);
  });

  it('answers 503 while PostgreSQL is away and works again once it is back', async () => {
    await postgres.cut();
    const during = await login();
    expect(during.status).toBe(503);
    expect(during.body).toEqual({
      message: 'The service is temporarily unavailable, try again shortly',
      code: 'errors.service_temporarily_unavailable',
    });

    await postgres.restore();
    expect(await loginWithin(20_000)).toBe(200);
  });

  it('reports itself not ready while a dependency is away', async () => {
    const identity = system.instances('identity')[0];
    await postgres.cut();
    const ready = await fetch(`http://127.0.0.1:${identity.httpPort}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ checks: { postgres: 'down' } });
    const live = await fetch(`http://127.0.0.1:${identity.httpPort}/health/live`);
    expect(live.status).toBe(200);
    await postgres.restore();
    expect(await loginWithin(20_000)).toBe(200);
  });
});
