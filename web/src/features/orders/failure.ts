import { ApiError } from '../../lib/api-client';

/**
 * Order call failures are logged, as the spec says, and shown as a short red line: the server's
 * words first (a 409 or a 400 names what went wrong), the fallback otherwise.
 */
export function orderFailure(error: unknown, fallback: string): string {
  console.error(fallback, error);
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
