import type {
  AddConfirmateurDto,
  ConfirmateurAdded,
  ConfirmateurView,
  RemoveConfirmateurDto,
} from '@tawsil/contracts/identity';
import useSWR from 'swr';
import { api } from '../../lib/api-client';
import { swrKeys } from '../../lib/swr-keys';

/** An agent of the owner, with the ids of the owner's stores it was added to. */
export type Confirmateur = ConfirmateurView;

export function useConfirmateurs() {
  return useSWR<Confirmateur[]>(swrKeys.confirmateurs, (path: string) => api<Confirmateur[]>(path));
}

export const addConfirmateur = (storeId: string, body: AddConfirmateurDto) =>
  api<ConfirmateurAdded>(`${swrKeys.confirmateurs}/${encodeURIComponent(storeId)}`, { method: 'POST', body });

export const removeConfirmateur = (confirmateurId: string, storeId: string) =>
  api<{ confirmateurId: string; storeId: string }>(
    `${swrKeys.confirmateurs}/${encodeURIComponent(confirmateurId)}`,
    { method: 'DELETE', body: { storeId } satisfies RemoveConfirmateurDto },
  );
