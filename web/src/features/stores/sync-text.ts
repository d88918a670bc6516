import { formatDateTime } from '../../lib/format-date';
import type { Store } from './api';
import { i18n } from '../../i18n/i18n';

/** The store's sync state in words: importing n of m, synced when, or why it failed. */
export function syncText({ sync }: Store): string {
  if (sync.state === 'importing')
    return sync.total === null
      ? i18n.t('stores.importing', { imported: sync.imported })
      : i18n.t('stores.importing_of', { imported: sync.imported, total: sync.total });
  if (sync.state === 'failed')
    return i18n.t('stores.sync_failed', { reason: sync.lastError ?? i18n.t('stores.unknown_error') });
  return sync.lastSyncAt
    ? i18n.t('stores.synced_at', { date: formatDateTime(sync.lastSyncAt) })
    : i18n.t('stores.synced');
}

export const ordersText = (count: number) => i18n.t('stores.orders', { count });
