import type { StatisticsView } from '../api';
import { AgentTable, ProductTable, WilayaTable } from './BreakdownTables';
import { DailyChartSection } from './DailyChartSection';
import { Funnel } from './Funnel';
import { HeadlineTiles } from './HeadlineTiles';
import { useTranslation } from 'react-i18next';

/** Every figure of one period; a period without orders says so instead of showing zeros. */
export function StatisticsReport({ view }: { view: StatisticsView }) {
  const { t } = useTranslation();
  if (view.totals.orders === 0) {
    return (
      <p
        data-testid="no-orders"
        className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600"
      >
        {t('stats.no_orders')}
      </p>
    );
  }
  return (
    <>
      <HeadlineTiles view={view} />
      <div className="grid gap-6 lg:grid-cols-2">
        <DailyChartSection view={view} />
        <section className="flex min-w-0 flex-col gap-2">
          <h2 className="text-lg font-semibold">{t('stats.funnel')}</h2>
          <Funnel view={view} />
        </section>
      </div>
      <AgentTable view={view} />
      <ProductTable view={view} />
      <WilayaTable view={view} />
    </>
  );
}
