import { query as pgQuery, type ServiceProcess, TestSystem } from '@tawsil/testing';
import { Redis } from 'ioredis';
import { Client } from 'pg';
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
      // 30 sign-ins of one account at once: more than the per-account throttle lets through.
      env: { RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS), LOGIN_FAILURES_BEFORE_DELAY: '100' },
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
    // Registrations wait on a lock, so the instances are caught holding theirs.
    const lock = new Client({ connectionString: system.database.url });
    await lock.connect();
    await lock.query('begin');
    await lock.query('lock table identity.users in exclusive mode');
    const emails = Array.from({ length: 6 }, (_, i) => `held-${i}-${randomUUID().slice(0, 6)}@shop.dz`);
    const answers = Promise.all(
      emails.map((email) =>
        system.request('POST', '/api/users/register', { name: 'Held', email, password: 'souk-el-fellah' }),
      ),
    );
    const redis = new Redis(system.redis.url);
    const holders = async () =>
      (
        (await redis.xpending('rpc:identity:requests', 'identity-rpc', '-', '+', 20)) as [string, string][]
      ).map(([, consumer]) => consumer);
    while ((await holders()).length < emails.length) await sleep(100);
    const instances = system.instances('identity').filter((instance) => instance.running);
    const held = await holders();
    const doomed = instances.find((instance) => held.includes(`identity-${instance.httpPort}`))!;
    const survivor = instances.find((instance) => instance !== doomed)!;
    const heldByDoomed = held.filter((consumer) => consumer === `identity-${doomed.httpPort}`).length;
    await doomed.kill();
    await lock.query('commit');
    await lock.end();

    const statuses = (await answers).map((answer) => answer.status);
    await sleep(2500); // the survivor's sweep drops what the dead instance held
    // What the survivor held, it answered; what the dead one held, nobody ran.
    expect(statuses.filter((status) => status === 503)).toHaveLength(heldByDoomed);
    expect(statuses.filter((status) => status === 201)).toHaveLength(emails.length - heldByDoomed);
    const stored = await pgQuery<{ email: string }>(
      system,
      "select email from identity.users where email like 'held-%'",
    );
    expect(stored.map((row) => row.email).sort()).toEqual(
      emails.filter((_, i) => statuses[i] === 201).sort(),
    );
    expect(survivor.linesWith('Dropped request')).toHaveLength(heldByDoomed);
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
    expect(refused.body).toEqual({
      message: 'The identity service is unavailable, try again shortly',
      code: 'errors.service_unavailable',
      params: { service: 'identity' },
    });
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
