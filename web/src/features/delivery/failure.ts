import { ApiError } from '../../lib/api-client';
import { i18n } from '../../i18n/i18n';

/**
 * The spec's words for a refused account: the server's message or "Failed to add account.",
 * and "Error adding account." when the server could not be reached.
 */
export function addAccountFailure(error: unknown): string {
  console.error('Failed to add account', error);
  if (error instanceof ApiError && error.status === 0) return i18n.t('carriers.add_error');
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof ApiError) return i18n.t('carriers.add_failed');
  return i18n.t('carriers.add_error');
}

/** Other delivery call failures: logged with the spec's words, shown with the server's first. */
export function deliveryFailure(error: unknown, logText: string, fallback: string): string {
  console.error(logText, error);
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
