import { classifySqlError, sqlStateOf } from './sqlstate';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * MikroORM's ConnectionException, known by its name: a process without a database (the gateway)
 * must not load MikroORM to ask.
 */
const isOrmConnectionError = (error: unknown) =>
  error instanceof Error && error.constructor.name === 'ConnectionException';

/** Whether an error means a dependency is away for now (answer 503), not that the request is wrong. */
export function isTransientError(error: unknown): boolean {
  if (isOrmConnectionError(error)) return true;
  // A PostgreSQL error says what it is: only connection loss and shutdown are outages (see sqlstate.ts).
  if (sqlStateOf(error)) return classifySqlError(error) === 'unavailable';
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 5;
    depth++
  ) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (NETWORK_CODES.has(code)) return true;
    if (
      /Connection terminated|connection timeout|Client has encountered a connection error|Stream isn't writeable|Connection is closed|Command timed out|MaxRetriesPerRequest/i.test(
        String((current as Error).message),
      )
    ) {
      return true;
    }
    current = current.cause as typeof current;
  }
  return false;
}
