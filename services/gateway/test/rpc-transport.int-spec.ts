import { TestSystem, type ServiceProcess } from '@tawsil/testing';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

const RPC_TIMEOUT_MS = 8000;
const LOGIN = 'identity.user.login.v1';

/**
 * The RPC transport with more than one instance of a service: each request handled by exactly one,
 * never by two even when its instance dies, and a clean 503 while no instance runs.
 */
describe('RPC transport on Redis Streams', () => {
  let system: TestSystem;
  const credentials = { email: 'owner@shop.dz', password: 'two-replicas' };

  beforeAll(async () => {
    system = await TestSystem.start({
      services: ['identity'],
      env: { RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS) },
    });
    await system.startService('identity');
    const created = await system.request('POST', '/api/users/register', { name: 'Owner', ...credentials });
    expect(created.status).toBe(201);
  });
  afterAll(() => system?.stop());

  const login = async (requestId: string) => {
    const response = await fetch(`${system.gatewayUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify(credentials),
    });
    return response.status;
  };

  /** For each request id, the log lines of the instances that handled it. */
  const handledBy = (instances: ServiceProcess[], requestIds: string[]) =>
    requestIds.map((id) =>
      instances.flatMap((instance) =>
        instance.logs.filter((line) => line.requestId === id && line.msg?.startsWith(`Handled ${LOGIN} `)),
      ),
    );

  it('with two instances running, handles each request exactly once and shares the load', async () => {
    const instances = system.instances('identity');
    instances.forEach((instance) => instance.logs.splice(0));
    const requestIds = Array.from({ length: 30 }, () => randomUUID());
    const statuses = await Promise.all(requestIds.map(login));
    expect(statuses).toEqual(requestIds.map(() => 200));

    await sleep(200); // log lines arrive through a pipe, after the answers
    const handled = handledBy(instances, requestIds);
    expect(handled.map((lines) => lines.length)).toEqual(requestIds.map(() => 1));
    const perInstance = instances.map((instance) => handledBy([instance], requestIds).flat().length);
    expect(perInstance.every((count) => count > 0)).toBe(true);
  });

  it("never hands a dead instance's requests to another: they answer 503 at their deadline and are dropped", async () => {
    const [doomed, survivor] = system.instances('identity').filter((instance) => instance.running);
    survivor.logs.splice(0);
    doomed.pause();
    const requestIds = Array.from({ length: 10 }, () => randomUUID());
    const answers = Promise.all(requestIds.map(login));
    await sleep(300);
    await doomed.kill();

    const statuses = await answers;
    await sleep(2500); // the survivor's sweep drops what the dead instance held
    const handled = handledBy([survivor], requestIds).map((lines) => lines.length);
    // What the survivor read, it answered once; what the dead one held, nobody ran.
    expect(statuses.map((status, i) => [status, handled[i]])).toEqual(
      statuses.map((status) => (status === 200 ? [200, 1] : [503, 0])),
    );
    expect(statuses).toContain(503);
    expect(survivor.linesWith('Dropped request').length).toBe(statuses.filter((s) => s === 503).length);
    const redis = new Redis(system.redis.url);
    expect(await redis.xlen('rpc:identity:requests')).toBe(0);
    redis.disconnect();
  });

  it('answers 503 within the timeout while no instance runs, and never runs that request later', async () => {
    await Promise.all(system.instances('identity').map((instance) => instance.stop()));

    const started = Date.now();
    const refused = await system.request('POST', '/api/users/register', {
      name: 'Late',
      email: 'late@shop.dz',
      password: 'while-down',
    });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: 'The identity service is unavailable, try again shortly' });
    expect(Date.now() - started).toBeLessThan(RPC_TIMEOUT_MS + 1500);

    await system.startService('identity');
    // The request above outlived its deadline: it is dropped, so this email is still free.
    const again = await system.request('POST', '/api/users/register', {
      name: 'Late',
      email: 'late@shop.dz',
      password: 'after-restart',
    });
    expect(again.status).toBe(201);
  });
});
