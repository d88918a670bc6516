import type { CachedList } from './carrier-lists.repository';

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/** A list read from the carrier less than a day ago: served without asking the carrier again. */
export const isFresh = (cached: CachedList<unknown>): boolean =>
  Date.now() - new Date(cached.fetched_at).getTime() < ONE_DAY_MS;

/** One fetch per account at a time: callers meanwhile wait for that one. */
export class CarrierListFetches<T> {
  private readonly running = new Map<string, Promise<T[]>>();

  run(accountId: string, fetch: () => Promise<T[]>): Promise<T[]> {
    let running = this.running.get(accountId);
    if (!running) {
      running = fetch().finally(() => this.running.delete(accountId));
      this.running.set(accountId, running);
    }
    return running;
  }
}
