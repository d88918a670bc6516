import { Injectable } from '@nestjs/common';
import type { StatisticsQuery, StatisticsView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireOwner, ServiceError } from '@tawsil/nest-common';
import { resolvePeriod } from '../statistics-period';
import { buildStatisticsView } from '../statistics-view';
import { StatisticsRepository } from '../statistics.repository';

/** The owner's figures for a period, over all its stores or one. */
@Injectable()
export class GetStatisticsUseCase {
  constructor(private readonly statistics: StatisticsRepository) {}

  async execute(actor: Actor, query: StatisticsQuery): Promise<StatisticsView> {
    const caller = requireOwner(actor, 'see statistics');
    if (query.storeId && !caller.storeIds.includes(query.storeId))
      throw ServiceError.notFound('Store not found');
    const period = resolvePeriod(query);
    const storeIds = query.storeId ? [query.storeId] : caller.storeIds;
    const [rows, dayRows] = await Promise.all([
      this.statistics.totals(storeIds, period),
      this.statistics.perDay(storeIds, period),
    ]);
    const agentIds = [
      ...new Set(rows.filter((row) => row.dimension === 'agent' && row.key).map((row) => row.key)),
    ];
    return buildStatisticsView({
      period,
      storeId: query.storeId ?? null,
      rows,
      dayRows,
      agentNames: await this.statistics.agentNames(agentIds),
    });
  }
}
