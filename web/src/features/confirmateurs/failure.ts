import { ApiError } from '../../lib/api-client';
import { i18n } from '../../i18n/i18n';

/** Said under the spec's success words: the agent is invited, not yet added. */
export const invitedLine = (email: string) => i18n.t('confirmateurs.invited', { email });

/**
 * The spec's words for a refused add: the server's message or "Failed to add confirmateur.",
 * and "Error adding confirmateur." when the server could not be reached.
 */
export function addFailure(error: unknown): string {
  console.error('Failed to add confirmateur', error);
  if (error instanceof ApiError && error.status === 0) return i18n.t('confirmateurs.add_error');
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof ApiError) return i18n.t('confirmateurs.add_failed');
  return i18n.t('confirmateurs.add_error');
}

/** Other confirmateur call failures: logged, and a short line with the server's words first. */
export function confirmateurFailure(error: unknown, fallback: string): string {
  console.error(fallback, error);
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
