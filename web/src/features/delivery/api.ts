import type {
  AccountStatesView,
  AddDeliveryAccountResult,
  CreateDeliveryAccountDto,
  DeliveryAccountView,
  SaisieJobView,
  StateTableStatus,
  StopDeskEntry,
  TariffEntry,
} from '@tawsil/contracts/delivery-zr';
import type { OrderDeliveryView } from '@tawsil/contracts/orders';
import useSWR from 'swr';
import { api } from '../../lib/api-client';
import { swrKeys } from '../../lib/swr-keys';

export type DeliveryAccount = DeliveryAccountView;
export type { AccountStatesView, SaisieJobView, StateTableStatus, StopDeskEntry, TariffEntry };

const fetchJson = <T>(path: string) => api<T>(path);

export function useDeliveryAccounts() {
  return useSWR<DeliveryAccount[]>(swrKeys.deliveryAccounts, fetchJson);
}

export const addDeliveryAccount = (body: CreateDeliveryAccountDto) =>
  api<AddDeliveryAccountResult>(swrKeys.deliveryAccounts, { method: 'POST', body });

export const removeDeliveryAccount = (accountId: string) =>
  api<{ deletedId: string }>(`${swrKeys.deliveryAccounts}/${encodeURIComponent(accountId)}`, {
    method: 'DELETE',
  });

/** Yalidine: the secret its dashboard shows for the account's webhook; never sent back. */
export const setWebhookSecret = (accountId: string, webhookSecret: string) =>
  api<DeliveryAccount>(`${swrKeys.deliveryAccounts}/${encodeURIComponent(accountId)}/webhook-secret`, {
    method: 'PUT',
    body: { webhookSecret },
  });

const statesPath = (accountId: string) =>
  `${swrKeys.deliveryAccounts}/${encodeURIComponent(accountId)}/states`;

/** An account's carrier states and the order status each maps to; read only while the section is open. */
export function useAccountStates(accountId: string, open: boolean) {
  return useSWR<AccountStatesView>(open ? statesPath(accountId) : null, fetchJson, {
    revalidateOnFocus: false,
  });
}

export const setAccountStates = (accountId: string, changes: { state: string; status: StateTableStatus }[]) =>
  api<AccountStatesView>(statesPath(accountId), { method: 'PUT', body: { changes } });

export const resetAccountStates = (accountId: string) =>
  api<AccountStatesView>(`${statesPath(accountId)}/reset`, { method: 'POST' });

/** Where Yalidine sends the account's webhooks: the gateway serving this app, at PUBLIC_URL. */
export const yalidineWebhookUrl = (accountId: string, origin = window.location.origin) =>
  `${origin}/api/webhooks/yalidine/${accountId}`;

/** The accounts an order may ship with (its store owner's); asked only while the form is open. */
export function useAccountsForOrder(orderId: string | undefined) {
  return useSWR<DeliveryAccount[]>(
    orderId ? `${swrKeys.deliveryAccounts}/${encodeURIComponent(orderId)}` : null,
    fetchJson,
  );
}

export interface DeliveryChoice {
  deliveryAccount: string;
  wilaya: string;
  isStopDesk: boolean;
  commune?: string;
  desk?: string;
}

export const saveDelivery = (orderId: string, delivery: DeliveryChoice) =>
  api<OrderDeliveryView>(`/api/orders/youcan/${encodeURIComponent(orderId)}`, {
    method: 'PUT',
    body: { delivery },
  });

/** The orders a bulk Saisie sends: picked one by one, or every order matching the filters. */
export type SaisieTarget = { orderIds: string[] } | { filter: Record<string, string> };

export const startSaisie = (target: SaisieTarget) =>
  api<{ jobId: string }>(swrKeys.saisie, { method: 'POST', body: target });

export const saisieStatus = (jobId: string) =>
  api<SaisieJobView>(`${swrKeys.saisie}/${encodeURIComponent(jobId)}`);
