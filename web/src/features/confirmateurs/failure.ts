import { ApiError } from '../../lib/api-client';

export const ADDED_MESSAGE = 'Confirmateur added successfully!';

/** Said under the spec's success words: the agent is invited, not yet added. */
export const invitedLine = (email: string) =>
  `An invitation was e-mailed to ${email}. They join the store once they accept it.`;

/**
 * The spec's words for a refused add: the server's message or "Failed to add confirmateur.",
 * and "Error adding confirmateur." when the server could not be reached.
 */
export function addFailure(error: unknown): string {
  console.error('Failed to add confirmateur', error);
  if (error instanceof ApiError && error.status === 0) return 'Error adding confirmateur.';
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof ApiError) return 'Failed to add confirmateur.';
  return 'Error adding confirmateur.';
}

/** Other confirmateur call failures: logged, and a short line with the server's words first. */
export function confirmateurFailure(error: unknown, fallback: string): string {
  console.error(fallback, error);
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
