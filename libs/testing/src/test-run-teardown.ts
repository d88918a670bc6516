import { deleteServiceRedisUsers } from './service-redis-users';
import { stopSharedSystems } from './shared-systems';
import { dropDatabasesOfRun } from './test-postgres';
import { releaseRedisOfRun } from './test-redis';

/**
 * Jest's global teardown for the integration tests. Run in band, the shared systems live in this
 * process and stop here; run in workers, they got their SIGTERM as the workers exited, and what
 * they leave (their databases, their Redis databases) goes here.
 */
export default async function tearDownTestRun(): Promise<void> {
  await stopSharedSystems();
  await Promise.all([dropDatabasesOfRun(), releaseRedisOfRun(), deleteServiceRedisUsers()]);
}
