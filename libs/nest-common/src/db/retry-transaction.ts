import { ServiceError } from '../errors/service-error';
import { classifySqlError } from '../errors/sqlstate';

const ATTEMPTS = 4;

/**
 * Runs a transaction again when PostgreSQL aborted it for a serialization failure or a deadlock
 * (40001, 40P01): nothing of it was committed, so running it again is safe. After a few attempts
 * it answers 503, as a busy service.
 */
export async function retryTransaction<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (classifySqlError(error) !== 'retry') throw error;
      if (attempt >= ATTEMPTS) throw ServiceError.unavailable('The service is busy, try again shortly');
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt * Math.random()));
    }
  }
}
