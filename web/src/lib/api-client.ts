import type { ErrorBody } from '@tawsil/contracts/http';
import { readStoredUser } from './session';

/** A refusal from the API, carrying the server's `{message}` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** What happens when a signed-in call answers 401: the app signs the user out and goes to /login. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** The one way the app calls the API: same origin, bearer token, JSON, `{message}` errors. */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const token = readStoredUser()?.token;
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached');
  }
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const serverMessage = (body as Partial<ErrorBody> | undefined)?.message;
    if (response.status === 401 && token) onUnauthorized();
    throw new ApiError(response.status, serverMessage ?? response.statusText, serverMessage);
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
