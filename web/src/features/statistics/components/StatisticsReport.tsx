import type { StatisticsView } from '../api';
import { AgentTable, ProductTable, WilayaTable } from './BreakdownTables';
import { DailyChartSection } from './DailyChartSection';
import { Funnel } from './Funnel';
import { HeadlineTiles } from './HeadlineTiles';

/** Every figure of one period; a period without orders says so instead of showing zeros. */
export function StatisticsReport({ view }: { view: StatisticsView }) {
  if (view.totals.orders === 0) {
    return (
      <p
        data-testid="no-orders"
        className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600"
      >
        No orders in this period.
      </p>
    );
  }
  return (
    <>
      <HeadlineTiles view={view} />
      <div className="grid gap-6 lg:grid-cols-2">
        <DailyChartSection view={view} />
        <section className="flex min-w-0 flex-col gap-2">
          <h2 className="text-lg font-semibold">Funnel</h2>
          <Funnel view={view} />
        </section>
      </div>
      <AgentTable view={view} />
      <ProductTable view={view} />
      <WilayaTable view={view} />
    </>
  );
}
