// What npm start checks of a Redis given in REDIS_URL before it starts anything on it.
import {
  createTestRedis,
  serviceRedisUrl,
  startOpenRedis,
  type OpenRedis,
  type TestRedis,
} from '@tawsil/testing';
import { outsideRedisProblems } from '../local/start-redis.cjs';

const SERVICES = ['gateway', 'identity', 'orders', 'stores-youcan', 'delivery-zr'];

describe("npm start with REDIS_URL set: that Redis's users are checked first", () => {
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

  it("accepts a Redis where every service's user signs in and default is off", async () => {
    const serviceUrls = Object.fromEntries(
      await Promise.all(
        SERVICES.map(async (service) => [service, await serviceRedisUrl(redis.url, service)]),
      ),
    );
    expect(await outsideRedisProblems(redis.url, serviceUrls)).toEqual([]);
  });

  it('refuses a Redis as installed: no service users, default open, naming each fix', async () => {
    const url = `redis://127.0.0.1:${open.port}`;
    const serviceUrls = Object.fromEntries(
      SERVICES.map((service) => [service, `redis://tawsil-${service}:pw@127.0.0.1:${open.port}`]),
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
