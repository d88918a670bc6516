import { i18n } from '../i18n/i18n';
import { serverText, type ServerErrorBody } from '../i18n/server-text';
import { getAccessToken, needsRenewal, refreshAccessToken } from './access-token';
import { readStoredUser } from './session';

/**
 * A refusal from the API, carrying what the server said when it said something: its code
 * translated in the user's language, else its `{message}`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage?: string,
    /** The body as sent: the English `message`, the `code` and its `params`. */
    readonly body?: ServerErrorBody,
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

/** The signed-in user's access token, renewed first when it is missing or about to expire. */
async function currentToken(): Promise<string | undefined> {
  const token = getAccessToken();
  if (!readStoredUser() || !needsRenewal(token)) return token;
  try {
    return (await refreshAccessToken())?.token;
  } catch {
    return token;
  }
}

/**
 * fetch with the bearer token. A 401 renews the token from the refresh cookie and sends once more
 * (it was refused before anything ran, so a write goes again under its same key); a 401 that
 * stays runs the app's one sign-out path. Throws ApiError(0) when the server cannot be reached.
 */
export async function authorizedFetch(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  const token = await currentToken();
  const send = (bearer: string | undefined) =>
    fetch(path, {
      method: init.method ?? 'GET',
      headers: { ...init.headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: init.body,
    });
  let response: Response;
  try {
    response = await send(token);
    if (response.status === 401 && token) {
      const renewed = await refreshAccessToken().catch(() => undefined);
      if (renewed) response = await send(renewed.token);
    }
  } catch {
    throw new ApiError(0, i18n.t('errors.unreachable'));
  }
  if (response.status === 401 && token) onUnauthorized();
  return response;
}

/**
 * The one way the app calls the API: same origin, bearer token, JSON, `{message, code}` errors. Every
 * write carries an `Idempotency-Key`: a retry of the same action is recognised and runs once.
 */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? 'GET';
  const sentBody = init.body === undefined ? undefined : JSON.stringify(init.body);
  const action = WRITES.has(method) ? `${method} ${path} ${sentBody ?? ''}` : undefined;
  const idempotencyKey = action ? keyOfAction(action) : undefined;
  const response = await authorizedFetch(path, {
    method,
    headers: {
      ...(sentBody === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: sentBody,
  });
  // Only an answer that leaves the outcome unknown keeps the key for the retry.
  if (action && response.status < 500) pendingActions.delete(action);
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const refusal = body as ServerErrorBody | undefined;
    const serverMessage = serverText(refusal);
    throw new ApiError(response.status, serverMessage ?? response.statusText, serverMessage, refusal);
  }
  return body as T;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The key of each write whose outcome is unknown (no answer, or a 5xx), by what it sends: the user
 * retrying the same action sends the same key, so the server answers it once. A settled action
 * forgets its key, and doing it again is a new action.
 */
const pendingActions = new Map<string, string>();

function keyOfAction(action: string): string {
  let key = pendingActions.get(action);
  if (!key) {
    key = newUuid();
    pendingActions.set(action, key);
  }
  return key;
}

/** crypto.randomUUID exists only in secure contexts; the gateway may be served over plain http. */
function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
