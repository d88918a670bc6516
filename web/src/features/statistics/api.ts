import type { StatisticsView } from '@tawsil/contracts/orders';
import useSWR from 'swr';
import { api } from '../../lib/api-client';
import { swrKeys } from '../../lib/swr-keys';
import type { DayRange } from './period';

export type {
  AgentStatistics,
  DayStatistics,
  ProductStatistics,
  Rate,
  StatisticsDefinitions,
  StatisticsView,
  WilayaStatistics,
} from '@tawsil/contracts/orders';

export interface StatisticsQuery extends DayRange {
  /** One store, or '' for all the owner's stores. */
  storeId: string;
}

export function statisticsQuery({ from, to, storeId }: StatisticsQuery): string {
  const params = new URLSearchParams({ from, to });
  if (storeId) params.set('storeId', storeId);
  return params.toString();
}

type StatisticsKey = readonly [path: string, query: string];

/** The owner's figures over the period; the previous ones stay on screen while the next load. */
export function useStatistics(query: StatisticsQuery | null) {
  return useSWR<StatisticsView, unknown, StatisticsKey | null>(
    query ? [swrKeys.statistics, statisticsQuery(query)] : null,
    ([path, search]) => api<StatisticsView>(`${path}?${search}`),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
