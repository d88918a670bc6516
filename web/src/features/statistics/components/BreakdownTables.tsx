import type { ReactNode } from 'react';
import type { AgentStatistics, ProductStatistics, Rate, StatisticsView, WilayaStatistics } from '../api';
import { formatCount, formatRate } from '../format';
import { SortableTable, type Column } from './SortableTable';

function countColumn<Row>(id: string, header: string, value: (row: Row) => number): Column<Row> {
  return { id, header, numeric: true, sortValue: value, cell: (row) => formatCount(value(row)) };
}

function rateColumn<Row>(
  id: string,
  header: string,
  definition: string,
  value: (row: Row) => Rate,
): Column<Row> {
  return { id, header, definition, numeric: true, sortValue: value, cell: (row) => formatRate(value(row)) };
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
  const columns: Column<AgentStatistics>[] = [
    {
      id: 'name',
      header: 'Agent',
      definition: definitions.agent,
      sortValue: (row) => row.name,
      cell: (row) => row.name,
    },
    countColumn('handled', 'Handled', (row) => row.handled),
    countColumn('confirmed', 'Confirmed', (row) => row.confirmed),
    rateColumn(
      'confirmationRate',
      'Confirmation rate',
      definitions.confirmationRate,
      (row) => row.confirmationRate,
    ),
    countColumn('delivered', 'Delivered', (row) => row.delivered),
    rateColumn('deliveredRate', 'Delivered rate', definitions.agentDeliveredRate, (row) => row.deliveredRate),
  ];
  return (
    <Section title="Per agent">
      <SortableTable
        label="Per agent"
        columns={columns}
        rows={agents}
        rowKey={(row) => row.agentId}
        sortedBy="handled"
        empty="Nobody has handled an order of this period yet."
      />
    </Section>
  );
}

export function ProductTable({ view: { products, definitions } }: { view: StatisticsView }) {
  const columns: Column<ProductStatistics>[] = [
    {
      id: 'product',
      header: 'Product',
      definition: definitions.product,
      sortValue: (row) => row.product,
      cell: (row) => row.product,
    },
    countColumn('orders', 'Orders', (row) => row.orders),
    countColumn('confirmed', 'Confirmed', (row) => row.confirmed),
    rateColumn(
      'confirmationRate',
      'Confirmation rate',
      definitions.confirmationRate,
      (row) => row.confirmationRate,
    ),
    countColumn('sent', 'Sent', (row) => row.sent),
    countColumn('delivered', 'Delivered', (row) => row.delivered),
    rateColumn('deliveryRate', 'Delivery rate', definitions.deliveryRate, (row) => row.deliveryRate),
  ];
  return (
    <Section title="Per product">
      <SortableTable
        label="Per product"
        columns={columns}
        rows={products}
        rowKey={(row) => row.product}
        sortedBy="orders"
        empty="No product in this period."
      />
    </Section>
  );
}

const wilayaName = (row: WilayaStatistics) =>
  row.wilayaCode === null ? row.wilaya : `${String(row.wilayaCode).padStart(2, '0')} · ${row.wilaya}`;

export function WilayaTable({ view: { wilayas, definitions } }: { view: StatisticsView }) {
  const columns: Column<WilayaStatistics>[] = [
    {
      id: 'wilaya',
      header: 'Wilaya',
      definition: definitions.wilaya,
      sortValue: (row) => row.wilayaCode,
      cell: wilayaName,
    },
    countColumn('orders', 'Orders', (row) => row.orders),
    countColumn('sent', 'Sent', (row) => row.sent),
    countColumn('delivered', 'Delivered', (row) => row.delivered),
    rateColumn('deliveryRate', 'Delivery rate', definitions.deliveryRate, (row) => row.deliveryRate),
    countColumn('returned', 'Returned', (row) => row.returned),
    rateColumn('returnRate', 'Return rate', definitions.returnRate, (row) => row.returnRate),
  ];
  return (
    <Section title="Per wilaya">
      <SortableTable
        label="Per wilaya"
        columns={columns}
        rows={wilayas}
        rowKey={(row) => String(row.wilayaCode)}
        sortedBy="orders"
        empty="No wilaya in this period."
      />
    </Section>
  );
}
