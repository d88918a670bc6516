import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { dockerAvailable } from './docker';
import { TEST_RUN_VARIABLE } from './test-postgres';

const LOCAL_REDIS = 'redis://127.0.0.1:6379';
/** Database 0 holds the locks; test files share the other fifteen. */
const FIRST_DB = 1;
const LAST_DB = 15;
const LOCK_TTL_SECONDS = 30 * 60;
// Below the 60 s a hook may take, so that a run short of databases fails saying so.
const WAIT_FOR_FREE_DB_MS = 45_000;

export interface TestRedis {
  url: string;
  release(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

let serverUrl: Promise<string> | undefined;

/** TEST_REDIS_URL, else the local default when it answers, else testcontainers where Docker runs. */
export function testRedisServer(): Promise<string> {
  serverUrl ??= (async () => {
    const configured = process.env.TEST_REDIS_URL;
    if (configured) return configured;
    if (await answers(LOCAL_REDIS)) return LOCAL_REDIS;
    if (await dockerAvailable()) {
      const { GenericContainer } = await import('testcontainers');
      const container = await new GenericContainer('redis:7').withExposedPorts(6379).start();
      return `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
    }
    throw new Error(
      `No Redis for the tests: nothing answers at ${LOCAL_REDIS}, TEST_REDIS_URL is not set and Docker is not running. ` +
        'Start Redis, set TEST_REDIS_URL, or run the tests with `npm test`, which starts one.',
    );
  })();
  return serverUrl;
}

const runOf = () => process.env[TEST_RUN_VARIABLE] ?? 'x';
const lockKey = (db: number) => `tawsil:test-db-lock:${db}`;

/**
 * A Redis database of its own for one test system, emptied before use. When all fifteen are taken
 * (several runs at once, each worker holding the systems its files share), waits for one to be
 * handed back.
 */
export async function createTestRedis(): Promise<TestRedis> {
  const deadline = Date.now() + WAIT_FOR_FREE_DB_MS;
  for (;;) {
    const redis = await takeFreeDatabase();
    if (redis) return redis;
    if (Date.now() > deadline)
      throw new Error(
        `All Redis test databases ${FIRST_DB}-${LAST_DB} stayed taken for ${WAIT_FOR_FREE_DB_MS / 1000} s: too many test runs at once`,
      );
    await sleep(1_000);
  }
}

async function takeFreeDatabase(): Promise<TestRedis | undefined> {
  const base = (await testRedisServer()).replace(/\/\d*$/, '');
  const locks = new Redis(`${base}/0`);
  try {
    for (let db = FIRST_DB; db <= LAST_DB; db++) {
      const key = lockKey(db);
      const token = `${runOf()}:${process.pid}-${Date.now()}`;
      if ((await locks.set(key, token, 'EX', LOCK_TTL_SECONDS, 'NX')) !== 'OK') continue;
      const url = `${base}/${db}`;
      const client = new Redis(url);
      await client.flushdb();
      client.disconnect();
      return {
        url,
        release: async () => {
          const releaser = new Redis(`${base}/0`);
          if ((await releaser.get(key)) === token) await releaser.del(key);
          releaser.disconnect();
        },
      };
    }
  } finally {
    locks.disconnect();
  }
  return undefined;
}

/** Hands back the Redis databases this run still holds, e.g. those of the systems its workers shared. */
export async function releaseRedisOfRun(): Promise<void> {
  const base = (await testRedisServer()).replace(/\/\d*$/, '');
  const locks = new Redis(`${base}/0`);
  try {
    for (let db = FIRST_DB; db <= LAST_DB; db++) {
      const token = await locks.get(lockKey(db));
      if (token?.startsWith(`${runOf()}:`)) await locks.del(lockKey(db));
    }
  } finally {
    locks.disconnect();
  }
}
