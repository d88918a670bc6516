import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { OrderStatus } from '@tawsil/contracts/orders';
import { addDays, wholeMonthsOf, type StatisticsPeriod } from './statistics-period';

export type StatDimension = 'all' | 'wilaya' | 'agent' | 'product';

/** How many orders of one key of a dimension are in one status, and their totals' sum. */
export interface StatRow {
  dimension: StatDimension;
  key: string;
  status: OrderStatus;
  orders: number;
  revenue: number;
}

export interface DayRow {
  day: string;
  status: OrderStatus;
  orders: number;
}

interface Query {
  sql: string;
  params: unknown[];
}

// `= any(array)` lets each range be an index scan. The list goes as an array literal: the driver
// would spread a JavaScript array into separate parameters. Store ids are UUIDs, safe to join.
const IN_STORES = 'store_id = any(?::uuid[])';
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** Whole months from the month rows, the days before and after them from the day rows: three index ranges. */
export function totalsQuery(storeIds: string[], period: StatisticsPeriod): Query {
  const months = wholeMonthsOf(period);
  const range = (grain: 'd' | 'm') =>
    `select dimension, key, status, orders, revenue from orders.order_stats
     where ${IN_STORES} and grain = '${grain}' and dimension in ('all', 'wilaya', 'agent', 'product')
       and day >= ?::date and day < ?::date`;
  const stores = uuidArray(storeIds);
  return {
    sql: `select dimension, key, status, sum(orders)::int as orders, sum(revenue)::float8 as revenue
          from (${range('d')} union all ${range('m')} union all ${range('d')}) counted
          group by dimension, key, status
          having sum(orders) <> 0`,
    params: [
      ...[stores, period.from, months.from],
      ...[stores, months.from, months.end],
      ...[stores, months.end, addDays(period.to, 1)],
    ],
  };
}

export function perDayQuery(storeIds: string[], period: StatisticsPeriod): Query {
  return {
    sql: `select to_char(day, 'YYYY-MM-DD') as day, status, sum(orders)::int as orders
          from orders.order_stats
          where ${IN_STORES} and grain = 'd' and dimension = 'all' and day between ?::date and ?::date
          group by day, status
          having sum(orders) <> 0`,
    params: [uuidArray(storeIds), period.from, period.to],
  };
}

/** Reads the summary rows the database keeps with every write to orders; never the orders themselves. */
@Injectable()
export class StatisticsRepository {
  constructor(private readonly em: EntityManager) {}

  totals(storeIds: string[], period: StatisticsPeriod): Promise<StatRow[]> {
    const { sql, params } = totalsQuery(storeIds, period);
    return this.em.getConnection().execute<StatRow[]>(sql, params);
  }

  perDay(storeIds: string[], period: StatisticsPeriod): Promise<DayRow[]> {
    const { sql, params } = perDayQuery(storeIds, period);
    return this.em.getConnection().execute<DayRow[]>(sql, params);
  }

  async agentNames(agentIds: string[]): Promise<Map<string, string>> {
    if (agentIds.length === 0) return new Map();
    const rows = await this.em.getConnection().execute<{ agentId: string; name: string }[]>(
      `select agent_id::text as "agentId", name from orders.stat_agents
       where agent_id = any(?::uuid[])`,
      [uuidArray(agentIds)],
    );
    return new Map(rows.map((row) => [row.agentId, row.name]));
  }
}
