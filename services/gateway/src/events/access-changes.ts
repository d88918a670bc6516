import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ACCESS_CHANGES_STREAM, type AccessChange } from '@tawsil/contracts/orders';
import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { GatewayConfig } from '../config/gateway.config';

type StreamEntries = [string, [string, string[]][]][] | null;

/**
 * Who reaches which store changed, as orders announces it on `access:changed` once the change is
 * committed: every gateway replica follows the stream with a blocking XREAD and hands each change
 * to its open live streams, which check their stores again at once.
 */
@Injectable()
export class AccessChanges implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AccessChanges.name);
  private readonly listeners = new Set<(change: AccessChange) => void>();
  private readonly reader: Redis;
  // From the start: what came before this replica concerns none of its (not yet open) streams.
  private lastId = '0-0';
  private stopped = false;

  constructor(config: GatewayConfig) {
    this.reader = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
    this.reader.on('error', () => undefined);
  }

  onModuleInit(): void {
    void this.follow();
  }

  /** Called with each change; answers the unsubscribe. */
  onChange(listener: (change: AccessChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    this.reader.disconnect();
  }

  private async follow(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.read();
      } catch (error) {
        if (this.stopped) return;
        this.logger.warn(
          { err: (error as Error).message },
          'Cannot read access changes from Redis; retrying',
        );
        await sleep(1000);
      }
    }
  }

  private async read(): Promise<void> {
    if (this.reader.status === 'wait') await this.reader.connect();
    const answer = (await this.reader.call(
      'XREAD',
      'COUNT',
      '1000',
      'BLOCK',
      '5000',
      'STREAMS',
      ACCESS_CHANGES_STREAM,
      this.lastId,
    )) as StreamEntries;
    for (const [, entries] of answer ?? []) {
      for (const [id, fields] of entries) {
        this.lastId = id;
        const change = toChange(fields);
        if (change) for (const listener of this.listeners) listener(change);
      }
    }
  }
}

function toChange(fields: string[]): AccessChange | undefined {
  const entry = new Map<string, string>();
  for (let index = 0; index + 1 < fields.length; index += 2) entry.set(fields[index], fields[index + 1]);
  const [user, store] = [entry.get('user'), entry.get('store')];
  return user ? { user } : store ? { store } : undefined;
}
