import { ApiError } from '../../lib/api-client';
import { i18n } from '../../i18n/i18n';

/** A failed load is logged and shown with the server's words (a 400 names the bad day), or the fallback. */
export function statisticsFailure(error: unknown): string {
  console.error('Failed to fetch statistics', error);
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : i18n.t('stats.failed');
}
