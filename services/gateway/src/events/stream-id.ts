/** Redis stream entry ids, `<milliseconds>-<sequence>`, compared as numbers. */
export const STREAM_START = '0-0';
const STREAM_ID = /^(\d{1,16})-(\d{1,16})$/;

export const isStreamId = (text: string) => STREAM_ID.test(text);

export function compareStreamIds(a: string, b: string): number {
  const [aMs, aSeq] = a.split('-').map(Number);
  const [bMs, bSeq] = b.split('-').map(Number);
  return aMs - bMs || aSeq - bSeq;
}

/**
 * The `id:` of an event: where the client is in each of its stores' streams, so `Last-Event-ID`
 * resumes every one of them. Store ids are written in base64url (22 characters) to keep it short.
 */
export function encodeEventId(cursors: ReadonlyMap<string, string>): string {
  return [...cursors]
    .map(
      ([storeId, streamId]) =>
        `${Buffer.from(storeId.replace(/-/g, ''), 'hex').toString('base64url')}:${streamId}`,
    )
    .join(',');
}

/** The cursors of a `Last-Event-ID`, or null when it is not one this gateway wrote. */
export function decodeEventId(text: string): Map<string, string> | null {
  const cursors = new Map<string, string>();
  for (const part of text.split(',')) {
    const [store, streamId, extra] = part.split(':');
    if (extra !== undefined || !store || !streamId || !isStreamId(streamId) || !/^[\w-]{22}$/.test(store))
      return null;
    const hex = Buffer.from(store, 'base64url').toString('hex');
    if (hex.length !== 32) return null;
    cursors.set(
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      streamId,
    );
  }
  return cursors;
}
