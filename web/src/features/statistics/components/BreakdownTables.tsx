import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentStatistics, ProductStatistics, Rate, StatisticsView, WilayaStatistics } from '../api';
import { i18n } from '../../../i18n/i18n';
import { WILAYA_OPTIONS, wilayaName as nameInScript } from '../../orders/wilayas';
import { definitionOf, type FigureDefinition } from '../definitions';
import { formatCount, formatRate } from '../format';
import { SortableTable, type Column } from './SortableTable';

function countColumn<Row>(id: string, value: (row: Row) => number): Column<Row> {
  return {
    id,
    header: i18n.t(`stats.columns.${id}`),
    numeric: true,
    sortValue: value,
    cell: (row) => formatCount(value(row)),
  };
}

function rateColumn<Row>(id: string, definition: FigureDefinition, value: (row: Row) => Rate): Column<Row> {
  return {
    id,
    header: i18n.t(`stats.columns.${id}`),
    definition,
    numeric: true,
    sortValue: value,
    cell: (row) => formatRate(value(row)),
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function AgentTable({ view: { agents, definitions } }: { view: StatisticsView }) {
  const { t } = useTranslation();
  const columns: Column<AgentStatistics>[] = [
    {
      id: 'name',
      header: t('stats.columns.agent'),
      definition: definitionOf(definitions, 'agent'),
      sortValue: (row) => row.name,
      cell: (row) => row.name,
    },
    countColumn('handled', (row) => row.handled),
    countColumn('confirmed', (row) => row.confirmed),
    rateColumn(
      'confirmationRate',
      definitionOf(definitions, 'confirmationRate'),
      (row) => row.confirmationRate,
    ),
    countColumn('delivered', (row) => row.delivered),
    rateColumn('deliveredRate', definitionOf(definitions, 'agentDeliveredRate'), (row) => row.deliveredRate),
  ];
  return (
    <Section title={t('stats.per_agent')}>
      <SortableTable
        label={t('stats.per_agent')}
        columns={columns}
        rows={agents}
        rowKey={(row) => row.agentId}
        sortedBy="handled"
        empty={t('stats.no_agent')}
      />
    </Section>
  );
}

export function ProductTable({ view: { products, definitions } }: { view: StatisticsView }) {
  const { t } = useTranslation();
  const columns: Column<ProductStatistics>[] = [
    {
      id: 'product',
      header: t('stats.columns.product'),
      definition: definitionOf(definitions, 'product'),
      sortValue: (row) => row.product,
      cell: (row) => row.product,
    },
    countColumn('orders', (row) => row.orders),
    countColumn('confirmed', (row) => row.confirmed),
    rateColumn(
      'confirmationRate',
      definitionOf(definitions, 'confirmationRate'),
      (row) => row.confirmationRate,
    ),
    countColumn('sent', (row) => row.sent),
    countColumn('delivered', (row) => row.delivered),
    rateColumn('deliveryRate', definitionOf(definitions, 'deliveryRate'), (row) => row.deliveryRate),
  ];
  return (
    <Section title={t('stats.per_product')}>
      <SortableTable
        label={t('stats.per_product')}
        columns={columns}
        rows={products}
        rowKey={(row) => row.product}
        sortedBy="orders"
        empty={t('stats.no_product')}
      />
    </Section>
  );
}

const wilayaName = (row: WilayaStatistics) =>
  row.wilayaCode === null
    ? i18n.t('stats.unknown_wilaya')
    : `${String(row.wilayaCode).padStart(2, '0')} · ${nameInScript(WILAYA_OPTIONS[row.wilayaCode - 1]) ?? row.wilaya}`;

export function WilayaTable({ view: { wilayas, definitions } }: { view: StatisticsView }) {
  const { t } = useTranslation();
  const columns: Column<WilayaStatistics>[] = [
    {
      id: 'wilaya',
      header: t('stats.columns.wilaya'),
      definition: definitionOf(definitions, 'wilaya'),
      sortValue: (row) => row.wilayaCode,
      cell: wilayaName,
    },
    countColumn('orders', (row) => row.orders),
    countColumn('sent', (row) => row.sent),
    countColumn('delivered', (row) => row.delivered),
    rateColumn('deliveryRate', definitionOf(definitions, 'deliveryRate'), (row) => row.deliveryRate),
    countColumn('returned', (row) => row.returned),
    rateColumn('returnRate', definitionOf(definitions, 'returnRate'), (row) => row.returnRate),
  ];
  return (
    <Section title={t('stats.per_wilaya')}>
      <SortableTable
        label={t('stats.per_wilaya')}
        columns={columns}
        rows={wilayas}
        rowKey={(row) => String(row.wilayaCode)}
        sortedBy="orders"
        empty={t('stats.no_wilaya')}
      />
    </Section>
  );
}
