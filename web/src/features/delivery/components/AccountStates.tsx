import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  resetAccountStates,
  setAccountStates,
  useAccountStates,
  type AccountStatesView,
  type DeliveryAccount,
  type StateTableStatus,
} from '../api';
import { deliveryFailure } from '../failure';

/** The contract's list, in the order the select offers it (the web imports contract types only). */
const STATUSES: readonly StateTableStatus[] = [
  'saisie',
  'en cours de livraison',
  'livrée',
  'retour',
  'ignored',
];

/**
 * Under an account, folded until asked: each of its carrier's states with the order status it
 * moves orders to, saved as soon as the owner picks another, and a way back to the defaults.
 */
export function AccountStates({ account }: { account: DeliveryAccount }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data, error, mutate } = useAccountStates(account._id, open);
  const [saving, setSaving] = useState<string>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();

  /** Shows the change at once (`shown`), keeps the server's answer, and puts the table back if refused. */
  async function save(
    change: () => Promise<AccountStatesView>,
    done: string,
    key: string,
    shown?: AccountStatesView,
  ) {
    setSaving(key);
    setOutcome(undefined);
    try {
      await mutate(change(), { optimisticData: shown, rollbackOnError: true, revalidate: false });
      setOutcome({ ok: true, text: done });
    } catch (failure) {
      setOutcome({
        ok: false,
        text: deliveryFailure(failure, 'Failed to save the statuses', t('delivery.states.save_failed')),
      });
    } finally {
      setSaving(undefined);
    }
  }

  return (
    <div className="w-full text-sm" data-testid="account-states">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${account._id}-states`}
        onClick={() => setOpen(!open)}
        className="flex min-h-11 items-center gap-2 font-medium text-emerald-800"
      >
        <span aria-hidden="true" className={open ? 'inline-block' : 'inline-block rtl:-scale-x-100'}>
          {open ? '▾' : '▸'}
        </span>
        {t('delivery.states.title')}
      </button>
      {open && (
        <div id={`${account._id}-states`} className="mt-2 flex flex-col gap-3">
          <p className="text-slate-600">{t('delivery.states.intro')}</p>
          {account.api === 'zr-current' && data?.source === 'defaults' && (
            <p className="text-amber-800">{t('delivery.states.carrier_unreachable')}</p>
          )}
          {!data && !error && <p className="text-slate-600">{t('delivery.states.loading')}</p>}
          {error && !data && (
            <p role="alert" className="text-red-700">
              {t('delivery.states.load_failed')}
            </p>
          )}
          {data && (
            <ul className="flex flex-col divide-y divide-slate-100" aria-label={t('delivery.states.title')}>
              {data.states.map((row) => (
                <li key={row.state} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:gap-3">
                  <label
                    htmlFor={`${account._id}-${row.state}`}
                    className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2 break-words"
                  >
                    <span className="font-medium">{row.label}</span>
                    {row.label !== row.state && (
                      <span dir="ltr" className="text-xs text-slate-500">
                        {row.state}
                      </span>
                    )}
                    {row.changed && (
                      <span className="text-xs text-amber-800">{t('delivery.states.changed')}</span>
                    )}
                  </label>
                  <select
                    id={`${account._id}-${row.state}`}
                    value={row.status}
                    disabled={saving !== undefined}
                    onChange={(event) => {
                      const status = event.target.value as StateTableStatus;
                      void save(
                        () => setAccountStates(account._id, [{ state: row.state, status }]),
                        t('delivery.states.saved', {
                          state: row.label,
                          status: t(`delivery.states.status.${status}`),
                        }),
                        row.state,
                        {
                          ...data,
                          states: data.states.map((one) => (one === row ? { ...one, status } : one)),
                        },
                      );
                    }}
                    className="min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base sm:w-60"
                  >
                    {STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {t(`delivery.states.status.${status}`)}
                      </option>
                    ))}
                  </select>
                </li>
              ))}
            </ul>
          )}
          {data?.states.some((row) => row.changed) && (
            <button
              type="button"
              disabled={saving !== undefined}
              onClick={() =>
                void save(() => resetAccountStates(account._id), t('delivery.states.reset_done'), 'reset')
              }
              className="min-h-11 self-start rounded-md px-3 font-medium text-emerald-800 hover:bg-emerald-50"
            >
              {t('delivery.states.reset')}
            </button>
          )}
          {outcome && (
            <p
              role={outcome.ok ? 'status' : 'alert'}
              className={outcome.ok ? 'text-emerald-800' : 'text-red-700'}
            >
              {outcome.text}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
