import {
  OrderStatus,
  ORDER_STATUSES,
  SHIPPED_STATUSES,
  STATISTICS_DEFINITIONS,
  STATISTICS_TIME_ZONE,
  type AgentStatistics,
  type DayStatistics,
  type ProductStatistics,
  type Rate,
  type StatisticsTotals,
  type StatisticsView,
  type WilayaStatistics,
} from '@tawsil/contracts/orders';
import { wilayaByCode } from '@tawsil/geo-dz';
import { daysOf, type StatisticsPeriod } from './statistics-period';
import type { DayRow, StatDimension, StatRow } from './statistics.repository';

type StatusCounts = Partial<Record<OrderStatus, number>>;

const UNHANDLED: readonly OrderStatus[] = [OrderStatus.Pending, OrderStatus.Test];
const CONFIRMED: readonly OrderStatus[] = [OrderStatus.Confirmed, ...SHIPPED_STATUSES];
const IN_TRANSIT: readonly OrderStatus[] = [OrderStatus.Saisie, OrderStatus.OutForDelivery];

const sum = (counts: StatusCounts, statuses: readonly OrderStatus[]) =>
  statuses.reduce((total, status) => total + (counts[status] ?? 0), 0);

/** Four decimals: 0.8125 is 81.25 %. */
const rate = (part: number, whole: number): Rate =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

const money = (amount: number) => Math.round(amount * 100) / 100;

/** The counts every table derives its columns from. */
function tally(counts: StatusCounts) {
  const orders = sum(counts, ORDER_STATUSES);
  return {
    orders,
    handled: orders - sum(counts, UNHANDLED),
    confirmed: sum(counts, CONFIRMED),
    sent: sum(counts, SHIPPED_STATUSES),
    inTransit: sum(counts, IN_TRANSIT),
    delivered: counts[OrderStatus.Delivered] ?? 0,
    returned: counts[OrderStatus.Returned] ?? 0,
  };
}

/** Per dimension, per key: the orders in each status. */
function group(rows: StatRow[]): Record<StatDimension, Map<string, StatusCounts>> {
  const groups = { all: new Map(), wilaya: new Map(), agent: new Map(), product: new Map() };
  for (const row of rows) {
    const counts: StatusCounts = groups[row.dimension].get(row.key) ?? {};
    counts[row.status] = (counts[row.status] ?? 0) + row.orders;
    groups[row.dimension].set(row.key, counts);
  }
  return groups;
}

function totalsOf(rows: StatRow[], counts: StatusCounts): StatisticsTotals {
  const revenue = (statuses: readonly OrderStatus[]) =>
    money(
      rows
        .filter((row) => row.dimension === 'all' && statuses.includes(row.status))
        .reduce((total, row) => total + row.revenue, 0),
    );
  const figures = tally(counts);
  return {
    ...figures,
    byStatus: Object.fromEntries(ORDER_STATUSES.map((status) => [status, counts[status] ?? 0])) as Record<
      OrderStatus,
      number
    >,
    confirmationRate: rate(figures.confirmed, figures.handled),
    deliveryRate: rate(figures.delivered, figures.sent),
    returnRate: rate(figures.returned, figures.sent),
    revenueDelivered: revenue([OrderStatus.Delivered]),
    revenueInTransit: revenue(IN_TRANSIT),
  };
}

function agentsOf(counts: Map<string, StatusCounts>, names: Map<string, string>): AgentStatistics[] {
  return [...counts]
    .filter(([agentId]) => agentId !== '')
    .map(([agentId, statusCounts]) => {
      const { handled, confirmed, delivered } = tally(statusCounts);
      return {
        agentId,
        name: names.get(agentId) ?? 'Unknown',
        handled,
        confirmed,
        confirmationRate: rate(confirmed, handled),
        delivered,
        deliveredRate: rate(delivered, confirmed),
      };
    })
    .filter((agent) => agent.handled > 0)
    .sort((a, b) => b.handled - a.handled || a.name.localeCompare(b.name));
}

function productsOf(counts: Map<string, StatusCounts>): ProductStatistics[] {
  return [...counts]
    .map(([product, statusCounts]) => {
      const { orders, handled, confirmed, sent, delivered } = tally(statusCounts);
      return {
        product,
        orders,
        handled,
        confirmed,
        confirmationRate: rate(confirmed, handled),
        sent,
        delivered,
        deliveryRate: rate(delivered, sent),
      };
    })
    .sort((a, b) => b.orders - a.orders || a.product.localeCompare(b.product));
}

function wilayasOf(counts: Map<string, StatusCounts>): WilayaStatistics[] {
  return [...counts]
    .map(([key, statusCounts]) => {
      const wilayaCode = key === '' ? null : Number(key);
      const { orders, sent, delivered, returned } = tally(statusCounts);
      return {
        wilayaCode,
        wilaya: (wilayaCode !== null && wilayaByCode(wilayaCode)?.name) || 'Unknown',
        orders,
        sent,
        delivered,
        returned,
        deliveryRate: rate(delivered, sent),
        returnRate: rate(returned, sent),
      };
    })
    .sort((a, b) => b.orders - a.orders || (a.wilayaCode ?? 99) - (b.wilayaCode ?? 99));
}

function daysFrom(rows: DayRow[], period: StatisticsPeriod): DayStatistics[] {
  const byDay = new Map<string, StatusCounts>();
  for (const row of rows) byDay.set(row.day, { ...byDay.get(row.day), [row.status]: row.orders });
  return daysOf(period).map((day) => {
    const { orders, confirmed, sent, delivered, returned } = tally(byDay.get(day) ?? {});
    return { day, orders, confirmed, sent, delivered, returned };
  });
}

export interface StatisticsInput {
  period: StatisticsPeriod;
  storeId: string | null;
  rows: StatRow[];
  dayRows: DayRow[];
  agentNames: Map<string, string>;
}

/** The answer of `GET /api/statistics`, from the summary rows of the period. */
export function buildStatisticsView(input: StatisticsInput): StatisticsView {
  const groups = group(input.rows);
  return {
    from: input.period.from,
    to: input.period.to,
    timeZone: STATISTICS_TIME_ZONE,
    storeId: input.storeId,
    totals: totalsOf(input.rows, groups.all.get('') ?? {}),
    agents: agentsOf(groups.agent, input.agentNames),
    products: productsOf(groups.product),
    wilayas: wilayasOf(groups.wilaya),
    days: daysFrom(input.dayRows, input.period),
    definitions: STATISTICS_DEFINITIONS,
  };
}
