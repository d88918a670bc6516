import type { StoreSummaryDto } from '@tawsil/contracts/stores-youcan';
import type { Store } from './store.entity';

export function toStoreSummary(store: Store): StoreSummaryDto {
  return {
    _id: store.id,
    name: store.name,
    platform: 'youcan',
    createdAt: store.createdAt.toISOString(),
    sync: {
      state: store.syncState,
      imported: store.imported,
      total: store.total ?? null,
      lastSyncAt: store.lastSyncAt?.toISOString() ?? null,
      lastError: store.lastError ?? null,
      refused: store.refusedOrders ?? [],
    },
  };
}
