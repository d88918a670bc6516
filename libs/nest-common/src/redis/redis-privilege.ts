import { Redis } from 'ioredis';

/**
 * Why a service must not use this Redis as it is, or undefined when it may: the service must sign
 * in as a user of its own (deploy/redis/users.acl), and a connection that signs in as nobody must
 * be refused (the `default` user off). See docs/least-privilege.md.
 */
export async function redisPrivilegeProblem(redisUrl: string): Promise<string | undefined> {
  const url = new URL(redisUrl);
  const user = decodeURIComponent(url.username);
  const where = `Redis at ${url.host}`;
  if (!user || user === 'default')
    return `REDIS_URL signs in to ${where} as its default user: give this service its own user (deploy/redis/users.acl)`;
  const anonymous = new URL(redisUrl);
  anonymous.username = '';
  anonymous.password = '';
  const client = new Redis(anonymous.toString(), {
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableReadyCheck: false,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return `${where} answers a connection without a user: turn its default user off (ACL SETUSER default off)`;
  } catch {
    // NOAUTH: nobody gets in unnamed. Unreachable: the service's own connection reports it.
    return undefined;
  } finally {
    client.disconnect();
  }
}

/** In production, a service refuses to start on a Redis where least privilege does not hold. */
export async function refuseRedisWithoutLeastPrivilege(redisUrl: string, production: boolean): Promise<void> {
  if (!production) return;
  const problem = await redisPrivilegeProblem(redisUrl);
  if (!problem) return;
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: `Refusing to start: ${problem}` })}\n`);
  process.exit(1);
}
