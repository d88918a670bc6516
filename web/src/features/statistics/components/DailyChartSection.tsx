import { lazy, Suspense } from 'react';
import type { StatisticsView } from '../api';
import { formatCount } from '../format';

// The chart library comes only when there is a chart to draw, after the figures are on screen.
const DailyChart = lazy(() => import('./DailyChart'));

export function DailyChartSection({ view }: { view: StatisticsView }) {
  const { days, totals } = view;
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h2 className="text-lg font-semibold">Orders per day</h2>
      <p className="text-sm text-slate-600">By the day they were placed, in the status they have now.</p>
      <figure
        role="img"
        aria-label={`Orders, delivered and returned per day: ${formatCount(totals.orders)} orders over ${days.length} ${days.length === 1 ? 'day' : 'days'}`}
        className="min-h-[280px] rounded-lg border border-slate-200 bg-white p-2"
      >
        <Suspense fallback={<p className="p-2 text-sm text-slate-600">Loading the chart…</p>}>
          <DailyChart days={days} />
        </Suspense>
      </figure>
    </section>
  );
}
