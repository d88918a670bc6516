import { serverText } from '../../../i18n/server-text';
import type { SaisieJobView } from '../api';
import { useTranslation } from 'react-i18next';
import { LabelsButtonLazy } from './LabelsButtonLazy';

interface SaisieProgressProps {
  job: SaisieJobView | undefined;
  /** Order refs by id, to name the orders that were not sent. */
  refs: ReadonlyMap<string, string>;
  onDismiss: () => void;
}

/** The bar while a saisie runs; then how many orders were sent, and which were not and why. */
export function SaisieProgress({ job, refs, onDismiss }: SaisieProgressProps) {
  const { t } = useTranslation();
  if (!job) return <p className="text-sm text-slate-600">{t('saisie.starting')}</p>;
  const { done, total } = job.progress;
  const ended = job.state === 'completed' || job.state === 'failed';
  // Orders refused before reaching any carrier (not confirmed, no delivery) are listed below, not here.
  const accounts = job.byAccount.filter(
    (group): group is typeof group & { account: NonNullable<typeof group.account> } => group.account !== null,
  );
  return (
    <section
      aria-label={t('saisie.label')}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-medium">{ended ? t('saisie.finished') : t('saisie.sending')}</span>
        <span data-testid="saisie-count" className="ltr-number">
          {done} / {total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('saisie.progress')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full bg-emerald-600 transition-all"
          style={{ width: `${total ? Math.round((done / total) * 100) : 0}%` }}
        />
      </div>
      {ended && (
        <>
          <p data-testid="saisie-result" className="text-sm text-slate-800">
            {t('saisie.sent', { sent: job.successfullOrders.length })}
            {job.failedOrders.length ? t('saisie.not_sent', { failed: job.failedOrders.length }) : ''}.
          </p>
          {accounts.length > 0 && (
            <ul aria-label={t('saisie.by_account')} className="flex flex-col gap-0.5 text-sm text-slate-700">
              {accounts.map(({ account, sent, failed }) => (
                <li key={account._id} data-testid="saisie-account">
                  {account.company} — {account.storeName}: {t('saisie.account_counts', { sent, failed })}
                </li>
              ))}
            </ul>
          )}
          {job.failedOrders.length > 0 && (
            <ul
              aria-label={t('saisie.failed_list')}
              className="flex max-h-48 flex-col gap-1 overflow-y-auto text-sm"
            >
              {job.failedOrders.map((failed) => (
                <li key={failed.id} className="text-red-700">
                  <span className="font-mono">{refs.get(failed.id) ?? failed.id}</span>:{' '}
                  {serverText({
                    message: failed.reason,
                    code: failed.reasonCode,
                    params: failed.reasonParams,
                  })}
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-start justify-end gap-2">
            {job.successfullOrders.length > 0 && <LabelsButtonLazy target={{ saisieId: job.jobId }} />}
            <button
              type="button"
              onClick={onDismiss}
              className="min-h-11 rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
            >
              {t('common.close')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
