import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxStore } from './state';

/** YouCan's signature: hex HMAC-SHA256 of the body, keyed with the app's OAuth client secret. */
export function sign(body: string, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(body).digest('hex');
}

/**
 * Seconds between the later tries of a delivery that failed. YouCan documents a retry policy
 * without its figures [INF]: the sandbox retries like common webhook senders, a handful of times
 * with growing waits, so a burst that outruns a loaded receiver is not lost.
 */
const RETRY_AFTER_SECONDS = [1, 2, 4, 8, 16];

type Attempt = { status: number } | { error: string };

async function post(url: string, body: string, clientSecret: string): Promise<Attempt> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-youcan-signature': sign(body, clientSecret) },
      body,
      signal: AbortSignal.timeout(5000),
    });
    return { status: response.status };
  } catch (error) {
    return { error: String(error) };
  }
}

const failed = (attempt: Attempt) => 'error' in attempt || attempt.status === 429 || attempt.status >= 500;

/** The later tries, in the background: the caller has the first answer already. */
async function retry(url: string, body: string, clientSecret: string) {
  for (const seconds of RETRY_AFTER_SECONDS) {
    await sleep(seconds * 1000, undefined, { ref: false });
    if (!failed(await post(url, body, clientSecret))) return;
  }
}

/**
 * Delivers an event to every hook of the store subscribed to it. The first try's outcome is
 * answered; a try that timed out, could not connect or got a 429 or 5xx is tried again later.
 */
export async function deliver(store: SandboxStore, event: string, payload: unknown, clientSecret: string) {
  const body = JSON.stringify(payload);
  const hooks = store.hooks.filter((hook) => hook.event === event);
  return Promise.all(
    hooks.map(async (hook) => {
      const attempt = await post(hook.target_url, body, clientSecret);
      if (failed(attempt)) void retry(hook.target_url, body, clientSecret);
      return { hook: hook.id, ...attempt, retried: failed(attempt) };
    }),
  );
}
