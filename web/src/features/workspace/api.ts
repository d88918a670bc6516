import type { AssignmentMode, StoreSettingsView as StoreSettings } from '@tawsil/contracts/orders';
import useSWR from 'swr';
import { api } from '../../lib/api-client';
import { swrKeys } from '../../lib/swr-keys';

const fetchJson = <T>(path: string) => api<T>(path);

export const ASSIGNMENT_MODES: readonly AssignmentMode[] = ['shared', 'round-robin', 'least-loaded'];
export type { AssignmentMode, StoreSettings };

export type StoreSettingsChange = Partial<Omit<StoreSettings, 'storeId'>>;

const settingsPath = (storeId: string) => `${swrKeys.storeSettings}/${encodeURIComponent(storeId)}`;

export function useStoreSettings(storeId: string | undefined) {
  return useSWR<StoreSettings>(storeId ? settingsPath(storeId) : null, fetchJson);
}

export const saveStoreSettings = (storeId: string, change: StoreSettingsChange) =>
  api<StoreSettings>(settingsPath(storeId), { method: 'PUT', body: change });

/** Whether the agent takes new orders in the assigned modes. */
export function useAvailability() {
  return useSWR<{ available: boolean }>(swrKeys.availability, fetchJson);
}

export const saveAvailability = (available: boolean) =>
  api<{ available: boolean }>(swrKeys.availability, { method: 'PUT', body: { available } });

export interface BlacklistEntry {
  _id: string;
  phone: string;
  reason: string;
  createdAt: string;
}

export function useBlacklist() {
  return useSWR<BlacklistEntry[]>(swrKeys.blacklist, fetchJson);
}

export const addToBlacklist = (phone: string, reason: string) =>
  api<BlacklistEntry>(swrKeys.blacklist, { method: 'POST', body: { phone, reason } });

export const removeFromBlacklist = (id: string) =>
  api<{ deletedId: string }>(`${swrKeys.blacklist}/${encodeURIComponent(id)}`, { method: 'DELETE' });
