import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { OrderStatus } from '@tawsil/contracts/orders';
import type { StatisticsPeriod } from './statistics-period';

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

/** Reads the summary rows the database keeps with every write to orders; never the orders themselves. */
@Injectable()
export class StatisticsRepository {
  constructor(private readonly em: EntityManager) {}

  totals(storeIds: string[], period: StatisticsPeriod): Promise<StatRow[]> {
    return this.em.getConnection().execute<StatRow[]>(
      `select dimension, key, status, sum(orders)::int as orders, sum(revenue)::float8 as revenue
       from orders.order_stats
       where store_id = any(?::uuid[]) and day between ?::date and ?::date
       group by dimension, key, status
       having sum(orders) <> 0`,
      [storeIds, period.from, period.to],
    );
  }

  perDay(storeIds: string[], period: StatisticsPeriod): Promise<DayRow[]> {
    return this.em.getConnection().execute<DayRow[]>(
      `select to_char(day, 'YYYY-MM-DD') as day, status, sum(orders)::int as orders
       from orders.order_stats
       where store_id = any(?::uuid[]) and day between ?::date and ?::date and dimension = 'all'
       group by day, status
       having sum(orders) <> 0`,
      [storeIds, period.from, period.to],
    );
  }

  async agentNames(agentIds: string[]): Promise<Map<string, string>> {
    if (agentIds.length === 0) return new Map();
    const rows = await this.em
      .getConnection()
      .execute<{ agentId: string; name: string }[]>(
        `select agent_id::text as "agentId", name from orders.stat_agents where agent_id = any(?::uuid[])`,
        [agentIds],
      );
    return new Map(rows.map((row) => [row.agentId, row.name]));
  }
}
