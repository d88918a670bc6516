// The start-up check every service runs in production: it must sign in to Redis as a user of its
// own, and Redis must refuse a connection without a user.
import { createTestRedis, freePort, serviceRedisUrl, type TestRedis } from '@tawsil/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { redisPrivilegeProblem } from '../src/redis/redis-privilege';

describe("Redis least privilege at a service's start", () => {
  let redis: TestRedis;
  let open: ChildProcess;
  let openUrl: string;

  beforeAll(async () => {
    redis = await createTestRedis();
    // A Redis as installed, whose default user lets anyone in.
    const port = await freePort();
    open = spawn('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    openUrl = `redis://127.0.0.1:${port}`;
    for (
      let tries = 0;
      (await redisPrivilegeProblem(`redis://someone:pw@127.0.0.1:${port}`)) === undefined;
      tries++
    ) {
      if (tries > 50) throw new Error('redis-server did not start');
      await sleep(100);
    }
  });
  afterAll(async () => {
    open?.kill();
    if (open) await once(open, 'exit');
    await redis?.release();
  });

  it('lets a service in on the test Redis as its own user, where nobody gets in without one', async () => {
    expect(await redisPrivilegeProblem(await serviceRedisUrl(redis.url, 'orders'))).toBeUndefined();
  });

  it('refuses a REDIS_URL without a user, or as default', async () => {
    const anonymous = new URL(redis.url);
    anonymous.username = '';
    anonymous.password = '';
    expect(await redisPrivilegeProblem(anonymous.toString())).toMatch(/signs in .* as its default user/);
    expect(await redisPrivilegeProblem(`redis://default:secret@${anonymous.host}`)).toMatch(/default user/);
  });

  it('refuses a Redis whose default user answers without a password', async () => {
    expect(await redisPrivilegeProblem(openUrl.replace('redis://', 'redis://tawsil-orders:pw@'))).toMatch(
      /answers a connection without a user: turn its default user off/,
    );
  });
});
