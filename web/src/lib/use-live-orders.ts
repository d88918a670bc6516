import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { api } from './api-client';
import { isOwnSaveEcho } from './own-saves';
import { useSession } from './session';
import { swrKeys } from './swr-keys';

/** How often the orders are fetched again while the live events are unavailable. */
export const LIVE_POLL_MS = 15_000;
/** Events this close together cause one refresh. */
export const LIVE_DEBOUNCE_MS = 300;
/** Waits before the 1st, 2nd, … reconnection; the last one repeats. */
export const LIVE_BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];

interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/** Every SWR key under /api/orders: the list's pages, the queue, an order's customer, … */
const showsOrders = (key: unknown) => {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === 'string' && path.startsWith('/api/orders/');
};

/**
 * Keeps the orders on screen current: reads `GET /api/events` (with fetch, as the token goes in
 * the Authorization header, which EventSource cannot send) and refreshes the orders' SWR keys
 * after events, debounced. A dropped stream reconnects with backoff and Last-Event-ID, so nothing
 * is missed; meanwhile the orders are fetched every 15 s.
 *
 * `refreshList` refreshes what a global `mutate` cannot reach: a `useSWRInfinite` list revalidates
 * only through its own `mutate`.
 */
export function useLiveOrders(refreshList?: () => unknown): { live: boolean } {
  const token = useSession().user?.token;
  const { mutate } = useSWRConfig();
  const [live, setLive] = useState(false);
  const refreshListRef = useRef(refreshList);
  refreshListRef.current = refreshList;

  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let lastEventId: string | undefined;
    let failures = 0;
    let abort: AbortController | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;

    const refresh = () => {
      void mutate(showsOrders);
      void refreshListRef.current?.();
    };
    const refreshSoon = () => {
      clearTimeout(debounce);
      debounce = setTimeout(refresh, LIVE_DEBOUNCE_MS);
    };
    const setConnected = (connected: boolean) => {
      setLive(connected);
      if (connected) {
        clearInterval(poll);
        poll = undefined;
      } else poll ??= setInterval(refresh, LIVE_POLL_MS);
    };
    const onMessage = (message: SseMessage) => {
      if (message.id !== undefined) lastEventId = message.id;
      if (message.event === 'sync') {
        failures = 0;
        setConnected(true);
        if (missedEvents(message.data)) refreshSoon();
      } else if (message.event === 'order' && !isOwnSaveEcho(message.data)) refreshSoon();
    };

    async function connect() {
      abort = new AbortController();
      try {
        const response = await fetch('/api/events', {
          headers: {
            accept: 'text/event-stream',
            authorization: `Bearer ${token}`,
            ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
          },
          cache: 'no-store',
          signal: abort.signal,
        });
        if (response.status === 401) {
          // The session ended: the app's one sign-out path runs; nothing to reconnect.
          stopped = true;
          setLive(false);
          void api(swrKeys.me).catch(() => undefined);
          return;
        }
        if (response.ok && response.body) await readEvents(response.body, onMessage);
      } catch {
        // unreachable, refused or cut: polled until the next attempt succeeds
      }
      if (stopped) return;
      setConnected(false);
      retry = setTimeout(connect, LIVE_BACKOFF_MS[Math.min(failures++, LIVE_BACKOFF_MS.length - 1)]);
    }

    void connect();
    return () => {
      stopped = true;
      abort?.abort();
      clearTimeout(retry);
      clearTimeout(debounce);
      clearInterval(poll);
    };
  }, [token, mutate]);

  return { live };
}

function missedEvents(data: string): boolean {
  try {
    return (JSON.parse(data) as { missed?: unknown }).missed !== false;
  } catch {
    return true;
  }
}

/** Reads server-sent events until the stream ends. */
async function readEvents(body: ReadableStream<Uint8Array>, onMessage: (message: SseMessage) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = parseMessage(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (message) onMessage(message);
    }
  }
}

function parseMessage(block: string): SseMessage | undefined {
  const message: SseMessage = { event: 'message', data: '' };
  let hasData = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue; // heartbeat
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') message.id = value;
    else if (field === 'event') message.event = value;
    else if (field === 'data') {
      message.data = hasData ? `${message.data}\n${value}` : value;
      hasData = true;
    }
  }
  return hasData ? message : undefined;
}
