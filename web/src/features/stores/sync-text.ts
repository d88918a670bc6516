import { formatDateTime } from '../../lib/format-date';
import type { Store } from './api';

/** The store's sync state in words: importing n of m, synced when, or why it failed. */
export function syncText({ sync }: Store): string {
  if (sync.state === 'importing')
    return sync.total === null
      ? `Importing ${sync.imported} orders`
      : `Importing ${sync.imported} of ${sync.total} orders`;
  if (sync.state === 'failed') return `Sync failed: ${sync.lastError ?? 'unknown error'}`;
  return sync.lastSyncAt ? `Synced ${formatDateTime(sync.lastSyncAt)}` : 'Synced';
}

export const ordersText = (count: number) => (count === 1 ? '1 order' : `${count} orders`);
