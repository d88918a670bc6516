import type { AuthUrlDto, StoreDto, StoreIdDto } from '@tawsil/contracts/stores-youcan';
import useSWR from 'swr';
import { api } from '../../lib/api-client';
import { swrKeys } from '../../lib/swr-keys';

export type Store = StoreDto;

/**
 * The owner's stores; polled while one of them is importing, so the progress moves by itself.
 * `enabled` false asks nothing (an agent's screens).
 */
export function useStores(enabled = true) {
  return useSWR<Store[]>(enabled ? swrKeys.stores : null, (path: string) => api<Store[]>(path), {
    refreshInterval: (stores) => (stores?.some((store) => store.sync.state === 'importing') ? 2000 : 0),
  });
}

export const startLinking = (storename: string) =>
  api<AuthUrlDto>(`/api/stores/youcan/init?storename=${encodeURIComponent(storename)}`, { method: 'POST' });

export const deleteStore = (id: string) =>
  api<StoreIdDto>(`/api/stores/youcan/${encodeURIComponent(id)}`, { method: 'DELETE' });
