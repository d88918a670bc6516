/** What a faked API route answers; 'unreachable' is a network failure, as fetch reports it. */
export type FakeReply = { status: number; body?: unknown; headers?: Record<string, string> } | 'unreachable';

/** The route key of a call as the screen tests name them: `GET /api/stores/youcan`. */
export const callKey = (input: RequestInfo | URL, init?: RequestInit) =>
  `${init?.method ?? 'GET'} ${String(input)}`;

/** Just what the api client reads of an answer (jsdom has no fetch, so no Response either). */
export function fakeResponse(reply: FakeReply): Response {
  if (reply === 'unreachable') throw new TypeError('Failed to fetch');
  const { status, body, headers = {} } = reply;
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: String(status),
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
    json: async () => body,
    clone: () => fakeResponse(reply),
  } as unknown as Response;
}
