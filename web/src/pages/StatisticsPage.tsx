import { useEffect, useState } from 'react';
import { FailureLine } from '../components/ui/FailureLine';
import { useStatistics } from '../features/statistics/api';
import { Definition } from '../features/statistics/components/Definition';
import { definitionOf } from '../features/statistics/definitions';
import { PeriodPicker } from '../features/statistics/components/PeriodPicker';
import { StatisticsReport } from '../features/statistics/components/StatisticsReport';
import { StorePicker } from '../features/statistics/components/StorePicker';
import { statisticsFailure } from '../features/statistics/failure';
import { formatDay } from '../features/statistics/format';
import { useStatisticsFilters } from '../features/statistics/hooks';
import { useDocumentTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function StatisticsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('stats.title'));
  const { filters, choosePeriod, setDay, chooseStore } = useStatisticsFilters();
  const { data, error, isValidating } = useStatistics(filters.query);
  const [loadFailure, setLoadFailure] = useState<string>();

  useEffect(() => setLoadFailure(error ? statisticsFailure(error) : undefined), [error]);
  // Figures of another period or store must not pass for the ones asked.
  const view = error || !filters.query ? undefined : data;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('stats.title')}</h1>
      <div role="search" aria-label={t('stats.period_and_store')} className="flex flex-wrap items-end gap-3">
        <PeriodPicker filters={filters} onPeriod={choosePeriod} onDay={setDay} />
        <StorePicker storeId={filters.storeId} onStore={chooseStore} />
      </div>
      {filters.problem && <FailureLine text={filters.problem} />}
      {loadFailure && filters.query && <FailureLine text={loadFailure} />}
      {view && (
        <p data-testid="period" className="flex items-center text-sm text-slate-600" aria-live="polite">
          {view.from === view.to ? formatDay(view.from) : `${formatDay(view.from)} – ${formatDay(view.to)}`}
          <Definition term={t('stats.the_period')} {...definitionOf(view.definitions, 'period')} />
          {isValidating && <span className="ms-2 text-slate-400">{t('stats.updating')}</span>}
        </p>
      )}
      {view ? (
        <StatisticsReport view={view} />
      ) : (
        filters.query && !error && <p className="text-slate-600">{t('orders.loading')}</p>
      )}
    </div>
  );
}
