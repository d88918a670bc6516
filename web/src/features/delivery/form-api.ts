import type { StopDeskEntry, TariffEntry } from '@tawsil/contracts/delivery-zr';
import useSWR from 'swr';
import useSWRSubscription from 'swr/subscription';
import { api } from '../../lib/api-client';
import { swrKeys } from '../../lib/swr-keys';

// What only the Delivery Information form asks, apart from api.ts (which the orders screen loads
// up front): it comes with the form's own chunk.

const fetchJson = <T>(path: string) => api<T>(path);

/** One account's tariff table as the form holds it: the table, or why there is none. */
export interface AccountTariffs {
  accountId: string;
  tariffs?: TariffEntry[];
  error?: unknown;
}

/**
 * The tariff tables of the accounts an order may ship with, one request each: the form shows each
 * account's price beside it. Each table shows as soon as it arrives (a Yalidine table being built
 * holds no other back); one that fails has none, and its error.
 */
export function useTariffsOf(accountIds: string[]) {
  return useSWRSubscription<AccountTariffs[], unknown, string[] | null>(
    accountIds.length ? [swrKeys.tariffs, ...accountIds] : null,
    ([, ...ids], { next }) => {
      let live = true;
      for (const accountId of ids)
        void fetchJson<TariffEntry[]>(`${swrKeys.tariffs}/${encodeURIComponent(accountId)}`)
          .then(
            (tariffs): AccountTariffs => ({ accountId, tariffs }),
            (error: unknown): AccountTariffs => ({ accountId, error }),
          )
          .then((answer) => {
            if (live)
              next(null, (shown = []) => [...shown.filter((entry) => entry.accountId !== accountId), answer]);
          });
      return () => {
        live = false;
      };
    },
  );
}

/** An account's stop desks, as its carrier names them; the server keeps them a day. */
export function useDesks(accountId: string | undefined) {
  return useSWR<StopDeskEntry[]>(
    accountId ? `${swrKeys.desks}/${encodeURIComponent(accountId)}` : null,
    fetchJson,
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
