// What npm start checks of a Redis given in REDIS_URL before it starts anything on it.
import { createTestRedis, freePort, serviceRedisUrl, type TestRedis } from '@tawsil/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { outsideRedisProblems } from '../local/start-redis.cjs';

const SERVICES = ['gateway', 'identity', 'orders', 'stores-youcan', 'delivery-zr'];

describe("npm start with REDIS_URL set: that Redis's users are checked first", () => {
  let redis: TestRedis;
  let open: ChildProcess;
  let openPort: number;

  beforeAll(async () => {
    redis = await createTestRedis();
    openPort = await freePort();
    open = spawn('redis-server', [
      '--port',
      String(openPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    const probe = new Redis({
      port: openPort,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => {});
    for (let tries = 0; ; tries++) {
      if (
        await probe.connect().then(
          () => true,
          () => false,
        )
      )
        break;
      if (tries > 50) throw new Error('redis-server did not start');
      await sleep(100);
    }
    probe.disconnect();
  });
  afterAll(async () => {
    open?.kill();
    if (open) await once(open, 'exit');
    await redis?.release();
  });

  it("accepts a Redis where every service's user signs in and default is off", async () => {
    const serviceUrls = Object.fromEntries(
      await Promise.all(
        SERVICES.map(async (service) => [service, await serviceRedisUrl(redis.url, service)]),
      ),
    );
    expect(await outsideRedisProblems(redis.url, serviceUrls)).toEqual([]);
  });

  it('refuses a Redis as installed: no service users, default open, naming each fix', async () => {
    const url = `redis://127.0.0.1:${openPort}`;
    const serviceUrls = Object.fromEntries(
      SERVICES.map((service) => [service, `redis://tawsil-${service}:pw@127.0.0.1:${openPort}`]),
    );
    const problems = await outsideRedisProblems(url, serviceUrls);
    expect(problems).toEqual([
      expect.stringMatching(
        /the users tawsil-gateway, .*tawsil-delivery-zr do not sign in: load them with `node deploy\/redis\/acl.cjs/,
      ),
      expect.stringMatching(/its default user answers without a password: turn it off/),
      expect.stringMatching(/REDIS_URL signs in as the default user/),
    ]);
  });
});
