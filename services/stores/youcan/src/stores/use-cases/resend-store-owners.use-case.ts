import { Injectable } from '@nestjs/common';
import { StoreEventsPublisher } from '../store-events.publisher';
import { StoresRepository } from '../stores.repository';

/** Stores per job: a sweep over many stores stays a few small jobs. */
const CHUNK = 1_000;

/**
 * Sends every store with its owner, and every removed store, to orders and delivery/zr again: it
 * fills their copies for stores linked before they kept one, and puts right a lost event.
 */
@Injectable()
export class ResendStoreOwnersUseCase {
  constructor(
    private readonly stores: StoresRepository,
    private readonly publisher: StoreEventsPublisher,
  ) {}

  async execute(): Promise<{ linked: number; removed: number }> {
    const { linked, removed } = await this.stores.ownersAndRemovals();
    for (let start = 0; start < Math.max(linked.length, removed.length); start += CHUNK)
      await this.publisher.publish({
        linked: linked.slice(start, start + CHUNK),
        removed: removed.slice(start, start + CHUNK),
      });
    return { linked: linked.length, removed: removed.length };
  }
}
