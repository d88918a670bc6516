import { createHmac } from 'node:crypto';
import type { SandboxStore } from './state';

/** YouCan's signature: hex HMAC-SHA256 of the body, keyed with the app's OAuth client secret. */
export function sign(body: string, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(body).digest('hex');
}

/** Delivers an event to every hook of the store subscribed to it; a failed delivery is reported, not retried. */
export async function deliver(store: SandboxStore, event: string, payload: unknown, clientSecret: string) {
  const body = JSON.stringify(payload);
  const hooks = store.hooks.filter((hook) => hook.event === event);
  return Promise.all(
    hooks.map(async (hook) => {
      try {
        const response = await fetch(hook.target_url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-youcan-signature': sign(body, clientSecret) },
          body,
          signal: AbortSignal.timeout(5000),
        });
        return { hook: hook.id, status: response.status };
      } catch (error) {
        return { hook: hook.id, error: String(error) };
      }
    }),
  );
}
