import { lazy, Suspense } from 'react';
import type { StatisticsView } from '../api';
import { formatCount } from '../format';
import { useTranslation } from 'react-i18next';

// The chart library comes only when there is a chart to draw, after the figures are on screen.
const DailyChart = lazy(() => import('./DailyChart'));

export function DailyChartSection({ view }: { view: StatisticsView }) {
  const { t } = useTranslation();
  const { days, totals } = view;
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h2 className="text-lg font-semibold">{t('stats.per_day')}</h2>
      <p className="text-sm text-slate-600">{t('stats.per_day_hint')}</p>
      <figure
        role="img"
        aria-label={t('stats.chart_label', { orders: formatCount(totals.orders), days: days.length })}
        className="min-h-[280px] rounded-lg border border-slate-200 bg-white p-2"
      >
        <Suspense fallback={<p className="p-2 text-sm text-slate-600">{t('stats.chart_loading')}</p>}>
          <DailyChart days={days} />
        </Suspense>
      </figure>
    </section>
  );
}
