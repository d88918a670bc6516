import { randomBytes } from 'node:crypto';
import { TEST_RUN_VARIABLE } from './test-postgres';

/** Jest's global setup for the integration tests: a name for this run, inherited by its workers. */
export default function setUpTestRun(): void {
  process.env[TEST_RUN_VARIABLE] ??= randomBytes(4).toString('hex');
}
