import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { OrderStatus } from '@tawsil/contracts/orders';
import { wholeMonthsOf, type StatisticsPeriod } from './statistics-period';

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

// Lists go as JSON: the driver would spread an array into separate parameters.
/** Reads the summary rows the database keeps with every write to orders; never the orders themselves. */
@Injectable()
export class StatisticsRepository {
  constructor(private readonly em: EntityManager) {}

  totals(storeIds: string[], period: StatisticsPeriod): Promise<StatRow[]> {
    const months = wholeMonthsOf(period);
    return this.em.getConnection().execute<StatRow[]>(
      `select dimension, key, status, sum(orders)::int as orders, sum(revenue)::float8 as revenue
       from orders.order_stats
       where store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
         and ((grain = 'm' and day >= ?::date and day < ?::date)
           or (grain = 'd' and day between ?::date and ?::date and (day < ?::date or day >= ?::date)))
       group by dimension, key, status
       having sum(orders) <> 0`,
      [JSON.stringify(storeIds), months.from, months.end, period.from, period.to, months.from, months.end],
    );
  }

  perDay(storeIds: string[], period: StatisticsPeriod): Promise<DayRow[]> {
    return this.em.getConnection().execute<DayRow[]>(
      `select to_char(day, 'YYYY-MM-DD') as day, status, sum(orders)::int as orders
       from orders.order_stats
       where store_id in (select jsonb_array_elements_text(?::jsonb)::uuid) and grain = 'd' and day between ?::date and ?::date and dimension = 'all'
       group by day, status
       having sum(orders) <> 0`,
      [JSON.stringify(storeIds), period.from, period.to],
    );
  }

  async agentNames(agentIds: string[]): Promise<Map<string, string>> {
    if (agentIds.length === 0) return new Map();
    const rows = await this.em
      .getConnection()
      .execute<{ agentId: string; name: string }[]>(
        `select agent_id::text as "agentId", name from orders.stat_agents where agent_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
        [JSON.stringify(agentIds)],
      );
    return new Map(rows.map((row) => [row.agentId, row.name]));
  }
}
