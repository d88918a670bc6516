// The start-up check every service runs in production: it must sign in to Redis as a user of its
// own, and Redis must refuse a connection without a user.
import {
  createTestRedis,
  serviceRedisUrl,
  startOpenRedis,
  type OpenRedis,
  type TestRedis,
} from '@tawsil/testing';
import { redisPrivilegeProblem } from '../src/redis/redis-privilege';

describe("Redis least privilege at a service's start", () => {
  let redis: TestRedis;
  let open: OpenRedis;

  beforeAll(async () => {
    redis = await createTestRedis();
    open = await startOpenRedis();
  });
  afterAll(async () => {
    await open?.stop();
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
    expect(await redisPrivilegeProblem(`redis://tawsil-orders:pw@127.0.0.1:${open.port}`)).toMatch(
      /answers a connection without a user: turn its default user off/,
    );
  });
});
