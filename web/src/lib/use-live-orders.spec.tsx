import { act, render } from '@testing-library/react';
import { ReadableStream, type ReadableStreamDefaultController } from 'node:stream/web';
import useSWR from 'swr';
import { expectOwnSave, OWN_SAVE_MS } from './own-saves';
import { SessionProvider } from './session';
import { LIVE_BACKOFF_MS, LIVE_DEBOUNCE_MS, LIVE_POLL_MS, useLiveOrders } from './use-live-orders';
import { signInForTest } from '../testing/sign-in-for-test';
import { FreshCache } from '../testing/render-with-providers';

const TOKEN = 'session-token';

/** One answer of GET /api/events whose body the test writes to, as a server would. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: { ok: true, status: 200, body } as unknown as Response,
    send: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
    drop: () => controller.close(),
  };
}
const refused = (status: number) => ({ ok: false, status, body: null }) as unknown as Response;

let answers: (() => Response)[];
let eventCalls: RequestInit[];
let queueFetches: number;
const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = String(input);
  if (path === '/api/events') {
    eventCalls.push(init ?? {});
    const next = answers.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next();
  }
  if (path === '/api/users/me') return refused(401);
  throw new Error(`unexpected call ${path}`);
});

/** The queue screen's data, as any page under /api/orders reads it. */
function QueueProbe({ refreshList }: { refreshList: () => void }) {
  useSWR(['/api/orders/queue', 'storeId=s1'], () => ++queueFetches, { dedupingInterval: 0 });
  const { live } = useLiveOrders(refreshList);
  return <p data-testid="live">{String(live)}</p>;
}

async function mount() {
  const refreshList = jest.fn();
  signInForTest({ name: 'Karim', token: TOKEN, type: 'confirmateur' });
  const view = render(
    <SessionProvider>
      <FreshCache>
        <QueueProbe refreshList={refreshList} />
      </FreshCache>
    </SessionProvider>,
  );
  await settle(0);
  return { refreshList, live: () => view.getByTestId('live').textContent, unmount: view.unmount };
}

const settle = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

beforeEach(() => {
  jest.useFakeTimers();
  answers = [];
  eventCalls = [];
  queueFetches = 0;
  fetchMock.mockClear();
  global.fetch = fetchMock as typeof fetch;
});
afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

describe('useLiveOrders', () => {
  it('reads the events with the bearer token and refreshes the orders once per burst', async () => {
    const stream = eventStream();
    answers.push(() => stream.response);
    const { refreshList, live } = await mount();
    expect(headersOf(eventCalls[0])).toEqual({
      accept: 'text/event-stream',
      authorization: `Bearer ${TOKEN}`,
    });

    stream.send('retry: 2000\n\nid: a:1-0\nevent: sync\ndata: {"missed":false}\n\n');
    await settle(LIVE_DEBOUNCE_MS);
    expect(live()).toBe('true');
    const before = queueFetches;
    expect(refreshList).not.toHaveBeenCalled();

    stream.send(
      'id: a:2-0\nevent: order\ndata: {"type":"created","orderId":"o1","storeId":"a"}\n\n: ping\n\n',
    );
    stream.send(
      'id: a:3-0\nevent: order\ndata: {"type":"changed","orderId":"o2","storeId":"a","status":"confirmé"}\n\n',
    );
    await settle(LIVE_DEBOUNCE_MS + 10);
    expect(refreshList).toHaveBeenCalledTimes(1);
    expect(queueFetches).toBe(before + 1);
  });

  it("does not refetch for the echo of this tab's own save, but does for anyone else's change", async () => {
    const stream = eventStream();
    answers.push(() => stream.response);
    const { refreshList } = await mount();
    stream.send('id: a:1-0\nevent: sync\ndata: {"missed":false}\n\n');
    await settle(LIVE_DEBOUNCE_MS);

    expectOwnSave('o1', 'pas de réponse');
    stream.send(
      'id: a:2-0\nevent: order\ndata: {"type":"changed","orderId":"o1","storeId":"a","status":"pas de réponse"}\n\n',
    );
    await settle(LIVE_DEBOUNCE_MS + 10);
    expect(refreshList).not.toHaveBeenCalled();

    // Another status for the same order is someone else's change.
    stream.send(
      'id: a:3-0\nevent: order\ndata: {"type":"changed","orderId":"o1","storeId":"a","status":"annulée"}\n\n',
    );
    await settle(LIVE_DEBOUNCE_MS + 10);
    expect(refreshList).toHaveBeenCalledTimes(1);

    // Long after the save, the same status is news again.
    await settle(OWN_SAVE_MS);
    stream.send(
      'id: a:4-0\nevent: order\ndata: {"type":"changed","orderId":"o1","storeId":"a","status":"pas de réponse"}\n\n',
    );
    await settle(LIVE_DEBOUNCE_MS + 10);
    expect(refreshList).toHaveBeenCalledTimes(2);
  });

  it('refreshes on connecting when the server says events may have been missed', async () => {
    const stream = eventStream();
    answers.push(() => stream.response);
    const { refreshList } = await mount();
    stream.send('id: a:1-0\nevent: sync\ndata: {"missed":true}\n\n');
    await settle(LIVE_DEBOUNCE_MS + 10);
    expect(refreshList).toHaveBeenCalledTimes(1);
  });

  it('reconnects after a drop with Last-Event-ID, polling every 15 s until it is back', async () => {
    const first = eventStream();
    const second = eventStream();
    answers.push(
      () => first.response,
      () => refused(503),
      () => second.response,
    );
    const { refreshList, live } = await mount();
    first.send('id: a:1-0\nevent: sync\ndata: {"missed":false}\n\nid: a:7-0\nevent: order\ndata: {}\n\n');
    await settle(LIVE_DEBOUNCE_MS + 10);
    expect(refreshList).toHaveBeenCalledTimes(1);

    first.drop();
    await settle(0);
    expect(live()).toBe('false');
    await settle(LIVE_BACKOFF_MS[0]); // the 503
    expect(eventCalls).toHaveLength(2);
    expect(headersOf(eventCalls[1])['last-event-id']).toBe('a:7-0');

    await settle(LIVE_POLL_MS - LIVE_BACKOFF_MS[0]);
    expect(refreshList).toHaveBeenCalledTimes(2); // polled while disconnected
    expect(eventCalls).toHaveLength(3); // the second wait was longer: 2 s
    expect(headersOf(eventCalls[2])['last-event-id']).toBe('a:7-0');

    second.send('id: a:7-0\nevent: sync\ndata: {"missed":false}\n\n');
    await settle(0);
    expect(live()).toBe('true');
    await settle(LIVE_POLL_MS * 2);
    expect(refreshList).toHaveBeenCalledTimes(2); // no polling while live
  });

  it('keeps polling and retrying, further apart, while the server cannot be reached', async () => {
    const { refreshList, live } = await mount();
    expect(live()).toBe('false');
    const waits = LIVE_BACKOFF_MS.reduce((sum, wait) => sum + wait, 0);
    await settle(waits);
    expect(eventCalls).toHaveLength(LIVE_BACKOFF_MS.length + 1);
    await settle(LIVE_BACKOFF_MS.at(-1)! - 1);
    expect(eventCalls).toHaveLength(LIVE_BACKOFF_MS.length + 1);
    expect(refreshList).toHaveBeenCalledTimes(
      Math.floor((waits + LIVE_BACKOFF_MS.at(-1)! - 1) / LIVE_POLL_MS),
    );
  });

  it('stops when the session has ended (401), leaving the sign-out to the app', async () => {
    answers.push(() => refused(401));
    const { refreshList } = await mount();
    await settle(LIVE_POLL_MS * 3);
    expect(eventCalls).toHaveLength(1);
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/users/me');
    expect(refreshList).not.toHaveBeenCalled();
  });

  it('closes the stream when the page goes away', async () => {
    const stream = eventStream();
    answers.push(() => stream.response);
    const { unmount } = await mount();
    unmount();
    expect((eventCalls[0].signal as AbortSignal).aborted).toBe(true);
    await settle(LIVE_POLL_MS * 2);
    expect(eventCalls).toHaveLength(1);
  });
});
