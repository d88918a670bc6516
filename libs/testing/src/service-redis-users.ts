import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import * as acl from '../../../deploy/redis/acl.cjs';
import { TEST_RUN_VARIABLE } from './test-postgres';
import { testRedisServer } from './test-redis';

/**
 * Every service of a test system reaches Redis as its own user, with the rules of
 * deploy/redis/users.acl, as in production: a queue, key or command a service uses without a line
 * there fails its tests with NOPERM. The users carry this run's name (t<run>-tawsil-<service>), so
 * runs sharing one Redis server never meet; their passwords derive from the administrator's URL,
 * the same in every worker of the run.
 */
const serviceUsers = () => acl.aclUsers().filter((user) => user.passwordVariable);
const runOf = () => process.env[TEST_RUN_VARIABLE] ?? 'x';
const userName = (service: string) => `t${runOf()}-tawsil-${service}`;

function passwordOf(adminUrl: string, service: string): string {
  return createHash('sha256').update(`${adminUrl}\n${runOf()}\n${service}`).digest('hex').slice(0, 48);
}

let created: Promise<void> | undefined;

/** Creates (once per process; ACL SETUSER is idempotent) this run's service users. */
export function ensureServiceRedisUsers(): Promise<void> {
  created ??= (async () => {
    const adminUrl = await testRedisServer();
    const admin = new Redis(adminUrl, { maxRetriesPerRequest: 1 });
    try {
      for (const user of serviceUsers()) {
        const service = user.name.replace(/^tawsil-/, '');
        await admin.call(
          'ACL',
          'SETUSER',
          ...acl.setUserArgs(user, { name: userName(service), password: passwordOf(adminUrl, service) }),
        );
      }
    } finally {
      admin.disconnect();
    }
  })();
  return created;
}

/**
 * The URL a service connects with: the test Redis database given, as the service's own user. A
 * process with no user of its own (a sandbox) gets the URL unchanged.
 */
export async function serviceRedisUrl(url: string, service: string): Promise<string> {
  if (!serviceUsers().some((user) => user.name === `tawsil-${service}`)) return url;
  await ensureServiceRedisUsers();
  const adminUrl = await testRedisServer();
  const own = new URL(url);
  own.username = userName(service);
  own.password = passwordOf(adminUrl, service);
  return own.toString();
}

/** Removes this run's service users (the run's global teardown). */
export async function deleteServiceRedisUsers(): Promise<void> {
  const admin = new Redis(await testRedisServer(), { maxRetriesPerRequest: 1 });
  try {
    await admin.call(
      'ACL',
      'DELUSER',
      ...serviceUsers().map((user) => userName(user.name.replace(/^tawsil-/, ''))),
    );
  } finally {
    admin.disconnect();
  }
}
