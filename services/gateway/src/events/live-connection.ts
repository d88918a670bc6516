import type { ServerResponse } from 'node:http';
import type { HubSubscriber } from './live-events.hub';
import { compareStreamIds, encodeEventId } from './stream-id';

/** A client that reads slower than this much queued output is let go; it resumes on reconnect. */
const MAX_BUFFERED_BYTES = 1_000_000;

/**
 * One open `GET /api/events`: where it stands in each store's stream, and what it writes. Events
 * arriving while the missed ones are replayed wait; one at or before the cursor is never sent
 * twice.
 */
export class LiveConnection implements HubSubscriber {
  private readonly cursors = new Map<string, string>();
  /** Stores removed for good while this connection was open: a late check cannot bring them back. */
  private readonly removed = new Set<string>();
  private waiting: [storeId: string, streamId: string, event: string][] | null = [];
  private ended = false;

  constructor(private readonly raw: ServerResponse) {}

  get storeIds(): string[] {
    return [...this.cursors.keys()];
  }

  get isEnded(): boolean {
    return this.ended;
  }

  cursorOf(storeId: string): string | undefined {
    return this.cursors.get(storeId);
  }

  startAt(storeId: string, streamId: string): void {
    this.cursors.set(storeId, streamId);
  }

  forget(storeId: string): void {
    this.cursors.delete(storeId);
  }

  forgetForGood(storeId: string): void {
    this.removed.add(storeId);
    this.cursors.delete(storeId);
  }

  wasRemoved(storeId: string): boolean {
    return this.removed.has(storeId);
  }

  deliver(storeId: string, streamId: string, event: string): void {
    if (this.waiting) this.waiting.push([storeId, streamId, event]);
    else this.send(storeId, streamId, event);
  }

  /** Sends what arrived during the replay, then everything as it comes. */
  goLive(): void {
    const waiting = this.waiting ?? [];
    this.waiting = null;
    for (const [storeId, streamId, event] of waiting) this.send(storeId, streamId, event);
  }

  send(storeId: string, streamId: string, event: string): void {
    const cursor = this.cursors.get(storeId);
    if (cursor === undefined || compareStreamIds(streamId, cursor) <= 0) return;
    this.cursors.set(storeId, streamId);
    this.write(`id: ${encodeEventId(this.cursors)}\nevent: order\ndata: ${event}\n\n`);
  }

  /** `missed`: events may have been lost (a fresh start, a store added, a resume past the kept ones). */
  sync(missed: boolean): void {
    this.write(`id: ${encodeEventId(this.cursors)}\nevent: sync\ndata: ${JSON.stringify({ missed })}\n\n`);
  }

  heartbeat(): void {
    this.write(': ping\n\n');
  }

  write(text: string): void {
    if (this.ended) return;
    this.raw.write(text);
    if (this.raw.writableLength > MAX_BUFFERED_BYTES) this.end();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.raw.end();
  }
}
