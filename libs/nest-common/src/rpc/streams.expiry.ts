import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { fieldsToEntry } from './streams.protocol';

type PendingEntry = [id: string, consumer: string, idleMs: number, deliveries: number];

export interface ExpiredRequestsScope {
  writer: Redis;
  stream: string;
  group: string;
  /** Allowance for clocks that differ between hosts. */
  graceMs: number;
  /** The requests this instance is handling: never dropped here, whatever their deadline. */
  inFlight: ReadonlyMap<string, unknown>;
  /** Acknowledges and deletes a request. */
  finish: (entryId: string) => Promise<void>;
  log: Logger;
}

/**
 * Drops the pending requests another instance holds past their deadline (it died or hung): their
 * callers have answered 503 already and retry with the same idempotency key. A hundred a call.
 */
export async function dropExpiredRequests(scope: ExpiredRequestsScope): Promise<void> {
  const { writer, stream, group, graceMs } = scope;
  const pending = (await writer.xpending(stream, group, 'IDLE', graceMs, '-', '+', 100)) as PendingEntry[];
  const others = pending.map(([entryId]) => entryId).filter((entryId) => !scope.inFlight.has(entryId));
  for (const entryId of others) {
    const [found] = (await writer.xrange(stream, entryId, entryId)) as [string, string[]][];
    if (!found) {
      // Answered meanwhile, or trimmed from the stream: nothing left to drop but the pending mark.
      await writer.xack(stream, group, entryId);
      continue;
    }
    if (Number(fieldsToEntry(found[1]).deadline) + graceMs >= Date.now()) continue;
    await scope.finish(entryId);
    scope.log.warn(`Dropped request ${entryId}: its instance did not answer before the deadline`);
  }
}
