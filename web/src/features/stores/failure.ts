import { ApiError } from '../../lib/api-client';

/** Store call failures are logged, as the spec says, and shown as a short line: the server's words first. */
export function storeFailure(error: unknown, fallback: string): string {
  console.error(fallback, error);
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
