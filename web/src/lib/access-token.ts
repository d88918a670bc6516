import type { AuthUserDto } from '@tawsil/contracts/identity';
import { takeEarlyRefresh } from '../early-requests';

/**
 * The access token lives in memory only: a script injected into the page finds nothing in storage,
 * and the token dies with the tab. The HttpOnly refresh cookie (which no script can read) brings
 * a new one on load, before this one expires, and after a 401.
 */
let current: string | undefined;
let refreshing: Promise<AuthUserDto | undefined> | undefined;
let renewTimer: ReturnType<typeof setTimeout> | undefined;
/** Moves on at each sign-out: a renewal asked before it is dropped when its answer lands. */
let sessionEpoch = 0;
const listeners = new Set<(user: AuthUserDto | undefined) => void>();

/** Renewed this long before it expires. */
const RENEW_BEFORE_MS = 60_000;
const RACED_RETRY_MS = 150;

export function getAccessToken(): string | undefined {
  return current;
}

/** Sets (or clears) the token and schedules its renewal shortly before it expires. */
export function setAccessToken(token: string | undefined): void {
  current = token;
  clearTimeout(renewTimer);
  const expiresAt = token ? expiryOf(token) : undefined;
  if (expiresAt !== undefined) {
    const wait = Math.max(expiresAt - RENEW_BEFORE_MS - Date.now(), 5_000);
    renewTimer = setTimeout(() => void refreshAccessToken().catch(() => undefined), wait);
  }
}

/**
 * Signing out: the token is cleared, and a renewal already on its way cannot sign the user back
 * in when it lands (the server ends the session; its answer may still carry a token).
 */
export function dropAccessToken(): void {
  sessionEpoch++;
  refreshing = undefined;
  setAccessToken(undefined);
}

/** Told of each renewal (the user with the new token) and of a session that ended (undefined). */
export function onAccessTokenChange(listener: (user: AuthUserDto | undefined) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A new access token from the refresh cookie, asked once however many callers wait for it.
 * Answers undefined when the session has ended; throws when the server cannot be reached.
 */
export function refreshAccessToken(): Promise<AuthUserDto | undefined> {
  refreshing ??= askForToken().finally(() => (refreshing = undefined));
  return refreshing;
}

async function askForToken(): Promise<AuthUserDto | undefined> {
  const epoch = sessionEpoch;
  for (let attempt = 0; ; attempt++) {
    // The first renewal of a load of /orders was started by the early entry: that one is taken.
    const response = await ((attempt === 0 && takeEarlyRefresh()) ||
      fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' }));
    if (epoch !== sessionEpoch) return undefined;
    // Another tab renewed the session at the same moment: its new cookie is ours too now.
    if (response.status === 409 && attempt < 2) {
      await new Promise((resolve) => setTimeout(resolve, RACED_RETRY_MS));
      continue;
    }
    if (!response.ok) {
      if (response.status >= 500) throw new Error(`refresh answered ${response.status}`);
      setAccessToken(undefined);
      for (const listener of listeners) listener(undefined);
      return undefined;
    }
    const user = (await response.json()) as AuthUserDto;
    if (epoch !== sessionEpoch) return undefined;
    setAccessToken(user.token);
    for (const listener of listeners) listener(user);
    return user;
  }
}

function expiryOf(token: string): number | undefined {
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload)) as { exp?: number };
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the token is missing or about to expire. */
export function needsRenewal(token: string | undefined): boolean {
  if (!token) return true;
  const expiresAt = expiryOf(token);
  return expiresAt !== undefined && expiresAt - Date.now() < 10_000;
}
